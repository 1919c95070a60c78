variable "x" {
  type = object({ l = optional(list(object({ m = optional(map(object({ n = optional(number, 3) })), { d = {} }) })), [{}]) })
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
