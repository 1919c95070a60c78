variable "a" {
  type = string
  default = "da"
}
output "a" {
  value = var.a
}
output "a__json" {
  value = jsonencode(var.a)
}
variable "b" {
  type = number
  default = 0
}
output "b" {
  value = var.b
}
output "b__json" {
  value = jsonencode(var.b)
}
variable "o" {
  type = object({ p = optional(string, "dp"), q = optional(number) })
  default = null
}
output "o" {
  value = var.o
}
output "o__json" {
  value = jsonencode(var.o)
}
