variable "x" {
  type = set(object({ a = optional(string, "d"), s = optional(set(object({ b = optional(bool, false) })), [{}]) }))
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
