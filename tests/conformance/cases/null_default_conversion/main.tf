variable "x" {
  type = object({ a = string })
  default = { a = 1, b = 2 }
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
