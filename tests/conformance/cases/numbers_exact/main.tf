variable "n" {
  type = number
  default = null
}
output "n" {
  value = var.n
}
variable "s" {
  type = string
  default = null
}
output "s" {
  value = var.s
}
variable "l" {
  type = list(number)
  default = null
}
output "l" {
  value = var.l
}
variable "m" {
  type = map(string)
  default = null
}
output "m" {
  value = var.m
}
