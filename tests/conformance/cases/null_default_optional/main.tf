variable "x" {
  type = object({ a = optional(string, "d"), b = optional(list(number), [1]) })
  default = {}
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
