variable "x" {
  type = object({ a = any, b = optional(any), c = optional(any, [1, "x"]) })
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
