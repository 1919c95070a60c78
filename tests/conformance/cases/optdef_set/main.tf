variable "x" {
  type = set(object({ n = string, p = optional(number, 80) }))
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
