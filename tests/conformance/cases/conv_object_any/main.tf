variable "x" {
  type = object({ a = any, b = list(any) })
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
