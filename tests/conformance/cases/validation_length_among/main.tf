variable "zones" {
  type = list(string)
  default = ["a"]
  validation {
    condition     = contains([1, 3], length(var.zones))
    error_message = "One or three zones."
  }
}
output "zones" {
  value = var.zones
}
output "zones__json" {
  value = jsonencode(var.zones)
}
variable "code" {
  type = string
  default = "ab"
  validation {
    condition     = contains([2, 4, 2.5, -1], length(var.code))
    error_message = "Two or four characters."
  }
}
output "code" {
  value = var.code
}
output "code__json" {
  value = jsonencode(var.code)
}
variable "tags" {
  type = map(string)
  default = {}
  validation {
    condition     = contains([0, 2], length(var.tags))
    error_message = "None or two tags."
  }
}
output "tags" {
  value = var.tags
}
output "tags__json" {
  value = jsonencode(var.tags)
}
