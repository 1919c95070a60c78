variable "x" {
  type = list(object({ n = string, p = optional(number, 80), t = optional(list(string), ["x"]) }))
}
output "x" {
  value = var.x
}
