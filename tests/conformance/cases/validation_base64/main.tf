variable "data" {
  type = string
  default = null
  validation {
    condition     = var.data == null ? true : can(base64decode(var.data))
    error_message = "Not base64."
  }
}
output "data" {
  value = var.data
}
output "data__json" {
  value = jsonencode(var.data)
}
variable "raw" {
  type = string
  default = "x"
  validation {
    condition     = !can(base64decode(var.raw))
    error_message = "Looks encoded."
  }
}
output "raw" {
  value = var.raw
}
output "raw__json" {
  value = jsonencode(var.raw)
}
