variable "s" {
  type = string
  default = "d"
}
output "s" {
  value = var.s
}
output "s__json" {
  value = jsonencode(var.s)
}
variable "n" {
  type = number
  default = 0
}
output "n" {
  value = var.n
}
output "n__json" {
  value = jsonencode(var.n)
}
variable "b" {
  type = bool
  default = false
}
output "b" {
  value = var.b
}
output "b__json" {
  value = jsonencode(var.b)
}
variable "u" {
  default = "d"
}
output "u" {
  value = var.u
}
output "u__json" {
  value = jsonencode(var.u)
}
variable "a" {
  type = any
  default = "d"
}
output "a" {
  value = var.a
}
output "a__json" {
  value = jsonencode(var.a)
}
variable "l" {
  type = list(string)
  default = []
}
output "l" {
  value = var.l
}
output "l__json" {
  value = jsonencode(var.l)
}
variable "o" {
  type = object({ a = number })
  default = { a = 0 }
}
output "o" {
  value = var.o
}
output "o__json" {
  value = jsonencode(var.o)
}
variable "m" {
  type = map(string)
  default = {}
}
output "m" {
  value = var.m
}
output "m__json" {
  value = jsonencode(var.m)
}
