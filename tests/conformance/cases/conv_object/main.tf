variable "x" {
  type = object({ a = string, b = number, c = bool })
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
