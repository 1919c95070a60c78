variable "o" {
  type = object({ p = string, q = optional(number, 5), r = optional(set(string)) })
  default = null
}
output "o" {
  value = var.o
}
output "o__json" {
  value = jsonencode(var.o)
}
