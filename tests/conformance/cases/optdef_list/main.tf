variable "x" {
  type = list(object({ n = string, p = optional(number, 80), t = optional(list(string), ["x"]) }))
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
