variable "name" {
  type = string
  default = "ab"
  validation {
    condition     = can(regex("^[a-z0-9][a-z0-9-]{0,10}[a-z0-9]$", var.name))
    error_message = "Bad name."
  }
}
output "name" {
  value = var.name
}
output "name__json" {
  value = jsonencode(var.name)
}
variable "release" {
  type = string
  default = "1.2"
  validation {
    condition     = can(regex("^[0-9]+\\.[0-9]+$", var.release))
    error_message = "Bad release."
  }
}
output "release" {
  value = var.release
}
output "release__json" {
  value = jsonencode(var.release)
}
variable "digits" {
  type = string
  default = "1"
  validation {
    condition     = can(regex("^[0-9]+$", var.digits))
    error_message = "Bad digits."
  }
}
output "digits" {
  value = var.digits
}
output "digits__json" {
  value = jsonencode(var.digits)
}
variable "prefix" {
  type = string
  default = ""
  validation {
    condition     = var.prefix == "" || can(regex("^[a-z0-9]+$", var.prefix))
    error_message = "Bad prefix."
  }
}
output "prefix" {
  value = var.prefix
}
output "prefix__json" {
  value = jsonencode(var.prefix)
}
variable "short" {
  type = string
  default = "abc"
  validation {
    condition     = length(var.short) >= 3 && length(var.short) <= 5
    error_message = "Bad length."
  }
}
output "short" {
  value = var.short
}
output "short__json" {
  value = jsonencode(var.short)
}
