variable "x" {
  type = object({ a = optional(string, "x"), b = optional(list(string)) })
  default = {}
  nullable = false
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
