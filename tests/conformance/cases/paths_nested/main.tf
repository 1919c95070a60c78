variable "x" {
  type = map(list(object({ a = number, b = optional(set(string)) })))
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
