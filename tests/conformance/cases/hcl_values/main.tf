variable "a" {
  type = any
  default = null
}
output "a" {
  value = var.a
}
variable "s" {
  type = string
  default = null
}
output "s" {
  value = var.s
}
variable "n" {
  type = number
  default = null
}
output "n" {
  value = var.n
}
variable "l" {
  type = list(string)
  default = null
}
output "l" {
  value = var.l
}
variable "o" {
  type = object({ p = string, q = optional(number, 5) })
  default = null
}
output "o" {
  value = var.o
}
