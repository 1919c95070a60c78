variable "a" {
  type = any
  default = null
  validation {
    condition     = var.a == true
    error_message = "Bad ${format("%v", var.a)}."
  }
}
output "a" {
  value = var.a
}
output "a__json" {
  value = jsonencode(var.a)
}
variable "t" {
  type = string
  default = "x"
  validation {
    condition     = var.t == "y"
    error_message = "At ${timestamp()}."
  }
}
output "t" {
  value = var.t
}
output "t__json" {
  value = jsonencode(var.t)
}
variable "u" {
  type = string
  default = "x"
  validation {
    condition     = var.u == "y"
    error_message = "Id ${uuid()}."
  }
}
output "u" {
  value = var.u
}
output "u__json" {
  value = jsonencode(var.u)
}
variable "b" {
  type = string
  default = "x"
  validation {
    condition     = var.b == "y"
    error_message = "Hash ${bcrypt(var.b)}."
  }
}
output "b" {
  value = var.b
}
output "b__json" {
  value = jsonencode(var.b)
}
