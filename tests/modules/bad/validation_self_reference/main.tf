locals {
  limit = 3
}
variable "a" {
  type = number
  validation {
    condition     = 1 > 0
    error_message = "Checks nothing."
  }
  validation {
    condition     = local.limit > 0
    error_message = "Checks only a local."
  }
  validation {
    condition     = var.b > 0
    error_message = "Checks another variable."
  }
}
variable "b" {
  type = number
}
