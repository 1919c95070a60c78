variable "a" {
  type = string
  default = ""
}
output "a" {
  value = var.a
}
output "a__json" {
  value = jsonencode(var.a)
}
variable "b" {
  type = string
  default = "b"
  validation {
    condition     = var.a == "" || trimspace(coalesce(var.b, "")) != ""
    error_message = "Give b with a."
  }
}
output "b" {
  value = var.b
}
output "b__json" {
  value = jsonencode(var.b)
}
variable "n" {
  type = string
  default = "5"
  validation {
    condition     = var.a == "" || tonumber(coalesce(var.n, "x")) > 3
    error_message = "Give n above 3 with a."
  }
}
output "n" {
  value = var.n
}
output "n__json" {
  value = jsonencode(var.n)
}
variable "c" {
  type = string
  default = "c"
  validation {
    condition     = trimspace(coalesce(var.c, "")) != ""
    error_message = "Give c."
  }
}
output "c" {
  value = var.c
}
output "c__json" {
  value = jsonencode(var.c)
}
