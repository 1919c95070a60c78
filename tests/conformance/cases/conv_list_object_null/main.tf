variable "x" {
  type = list(object({ a = optional(string, "d") }))
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
