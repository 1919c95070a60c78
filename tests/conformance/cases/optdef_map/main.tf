variable "x" {
  type = map(object({ n = optional(string, "dn"), m = optional(map(object({ q = optional(bool, true) })), { k = {} }) }))
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
