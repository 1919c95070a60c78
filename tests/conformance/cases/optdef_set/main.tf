variable "x" {
  type = set(object({ n = string, p = optional(number, 80) }))
}
output "x" {
  value = var.x
}
