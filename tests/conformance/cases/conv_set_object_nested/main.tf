variable "x" {
  type = set(object({ k = string, v = set(number) }))
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
