variable "x" {
  type = tuple([object({ a = optional(number, 1) }), list(object({ b = optional(string, "b") }))])
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
