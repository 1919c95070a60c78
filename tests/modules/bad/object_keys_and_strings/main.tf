variable "a" {
  default = { a.b = 1 }
}

variable "b" {
  default = "x
y"
}

output "c" {
  value = "one ${var.a}
two"
}

variable "d" {
  type = object({ "q" = string })
}
