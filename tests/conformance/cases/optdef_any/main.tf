variable "x" {
  type = object({ a = optional(any, { k = 1 }), b = optional(list(any), [1, "x"]), c = optional(map(any), { p = 1, q = "r" }) })
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
