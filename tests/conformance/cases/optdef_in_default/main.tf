variable "x" {
  type = list(object({ a = optional(string, "d") }))
  default = [{}, { a = "x" }]
}
output "x" {
  value = var.x
}
