variable "x" {
  type = object({ z = number, a = number, m = list(number) })
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
