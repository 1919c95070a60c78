variable "idle" {
  type = number
  default = 4
  validation {
    condition     = can(regex("^[0-9]{1,4}$", var.idle))
    error_message = "Bad idle."
  }
}
output "idle" {
  value = var.idle
}
output "idle__json" {
  value = jsonencode(var.idle)
}
variable "whole" {
  type = number
  default = 1
  validation {
    condition     = can(regex("^-?[0-9]+$", var.whole))
    error_message = "Bad whole."
  }
}
output "whole" {
  value = var.whole
}
output "whole__json" {
  value = jsonencode(var.whole)
}
variable "unsigned" {
  type = number
  default = 1
  validation {
    condition     = !can(regex("^-", var.unsigned)) && var.unsigned < 1000
    error_message = "Bad unsigned."
  }
}
output "unsigned" {
  value = var.unsigned
}
output "unsigned__json" {
  value = jsonencode(var.unsigned)
}
variable "points" {
  type = number
  default = 1
  validation {
    condition     = length(regexall("[.]", var.points)) == 0
    error_message = "Bad points."
  }
}
output "points" {
  value = var.points
}
output "points__json" {
  value = jsonencode(var.points)
}
variable "maybe" {
  type = number
  default = null
  validation {
    condition     = var.maybe == null || can(regex("^[0-9]{1,2}$", var.maybe))
    error_message = "Bad maybe."
  }
}
output "maybe" {
  value = var.maybe
}
output "maybe__json" {
  value = jsonencode(var.maybe)
}
