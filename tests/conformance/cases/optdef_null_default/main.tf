variable "x" {
  type = object({ a = optional(string, null), b = optional(number, null), c = optional(list(string), null) })
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
