variable "code" {
  default = "ab"
  validation {
    condition     = can(regex("^[a-z]+$", var.code))
    error_message = "Letters."
  }
}
output "code" {
  value = var.code
}
output "code__json" {
  value = jsonencode(var.code)
}
variable "port" {
  type = any
  default = "80"
  validation {
    condition     = can(regex("^[0-9]+$", var.port))
    error_message = "Digits."
  }
}
output "port" {
  value = var.port
}
output "port__json" {
  value = jsonencode(var.port)
}
