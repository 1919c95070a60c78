variable "x" {
  type = map(object({ a = string, b = optional(number) }))
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
