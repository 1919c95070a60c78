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
variable "m" {
  type = map(number)
  default = null
}
output "m" {
  value = var.m
}
output "m__json" {
  value = jsonencode(var.m)
}
variable "o" {
  type = object({ k = string })
  default = null
}
output "o" {
  value = var.o
}
output "o__json" {
  value = jsonencode(var.o)
}
