variable "x" {
  type = object({ a = string, b = optional(number), c = optional(bool, true), d = optional(string, 1) })
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
