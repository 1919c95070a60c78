variable "a" {
  type = any
  default = 1
  validation {
    condition     = length(slice([1, 2, 3], var.a, 2)) > 0
    error_message = "x"
  }
}
output "a" {
  value = var.a
}
output "a__json" {
  value = jsonencode(var.a)
}
variable "b" {
  type = any
  default = 1
  validation {
    condition     = length(chunklist([1, 2], var.b)) > 0
    error_message = "x"
  }
}
output "b" {
  value = var.b
}
output "b__json" {
  value = jsonencode(var.b)
}
variable "c" {
  type = any
  default = 1
  validation {
    condition     = cidrsubnet("10.0.0.0/8", var.c, 1) != ""
    error_message = "x"
  }
}
output "c" {
  value = var.c
}
output "c__json" {
  value = jsonencode(var.c)
}
variable "d" {
  type = any
  default = 1
  validation {
    condition     = length(cidrsubnets("10.0.0.0/8", var.d)) > 0
    error_message = "x"
  }
}
output "d" {
  value = var.d
}
output "d__json" {
  value = jsonencode(var.d)
}
variable "e" {
  type = any
  default = 10
  validation {
    condition     = parseint("10", var.e) > 0
    error_message = "x"
  }
}
output "e" {
  value = var.e
}
output "e__json" {
  value = jsonencode(var.e)
}
variable "r" {
  type = any
  default = 4
  validation {
    condition     = length(range(0, var.r, 2)) > 0
    error_message = "x"
  }
}
output "r" {
  value = var.r
}
output "r__json" {
  value = jsonencode(var.r)
}
variable "p" {
  type = any
  default = "10.0.0.0/8"
  validation {
    condition     = length(cidrsubnets(var.p, 4, 4)) > 0
    error_message = "x"
  }
}
output "p" {
  value = var.p
}
output "p__json" {
  value = jsonencode(var.p)
}
