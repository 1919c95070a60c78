variable "s" {
  type = string
  default = null
}
output "s" {
  value = var.s
}
variable "l" {
  type = list(string)
  default = null
}
output "l" {
  value = var.l
}
variable "m" {
  type = map(number)
  default = null
}
output "m" {
  value = var.m
}
variable "o" {
  type = object({ k = string })
  default = null
}
output "o" {
  value = var.o
}
