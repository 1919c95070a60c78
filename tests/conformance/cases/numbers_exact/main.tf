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
  type = list(number)
  default = null
}
output "l" {
  value = var.l
}
output "l__json" {
  value = jsonencode(var.l)
}
variable "m" {
  type = map(string)
  default = null
}
output "m" {
  value = var.m
}
output "m__json" {
  value = jsonencode(var.m)
}
