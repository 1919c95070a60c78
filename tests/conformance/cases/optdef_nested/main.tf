variable "x" {
  type = object({ c = optional(object({ d = optional(number, 7), e = string }), { e = "ee" }) })
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
