variable "x" {
  type = object({ a = string })
  default = { a = 1, b = 2 }
}
output "x" {
  value = var.x
}
