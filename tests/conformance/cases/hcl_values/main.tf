variable "a" {
  type = any
  default = null
}
output "a" {
  value = var.a
}
output "a__json" {
  value = jsonencode(var.a)
}
variable "s" {
  type = string
  default = null
}
output "s" {
  value = var.s
}
output "s__json" {
  value = jsonencode(var.s)
}
variable "n" {
  type = number
  default = null
}
output "n" {
  value = var.n
}
output "n__json" {
  value = jsonencode(var.n)
}
variable "l" {
  type = list(string)
  default = null
}
output "l" {
  value = var.l
}
output "l__json" {
  value = jsonencode(var.l)
}
variable "o" {
  type = object({ p = string, q = optional(number, 5) })
  default = null
}
output "o" {
  value = var.o
}
output "o__json" {
  value = jsonencode(var.o)
}
