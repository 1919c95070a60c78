variable "x" {
  type = object({ o = optional(object({ p = optional(number, 1) })) })
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
