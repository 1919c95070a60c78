variable "n" {
  type = number
  default = 1
  validation {
    condition     = var.n > 0
    error_message = var.n
  }
  validation {
    condition     = var.n < 100
    error_message = "  padded message  "
  }
}
output "n" {
  value = var.n
}
output "n__json" {
  value = jsonencode(var.n)
}
variable "s" {
  type = string
  default = "a"
  validation {
    condition     = var.s != "bad"
    error_message = "String was ${var.s}."
  }
}
output "s" {
  value = var.s
}
output "s__json" {
  value = jsonencode(var.s)
}
variable "r" {
  type = string
  default = "1"
  validation {
    condition     = can(regex("^[0-9]+$", var.r))
    error_message = "Digits only."
  }
}
output "r" {
  value = var.r
}
output "r__json" {
  value = jsonencode(var.r)
}
variable "t" {
  type = string
  default = "x"
  validation {
    condition     = var.t == "x" ? true : "true"
    error_message = "Not x."
  }
}
output "t" {
  value = var.t
}
output "t__json" {
  value = jsonencode(var.t)
}
variable "u" {
  type = bool
  default = true
  validation {
    condition     = var.u ? var.u : null
    error_message = "U failed."
  }
}
output "u" {
  value = var.u
}
output "u__json" {
  value = jsonencode(var.u)
}
