variable "a" {
  type = string
  default = "da"
}
output "a" {
  value = var.a
}
variable "b" {
  type = number
  default = 0
}
output "b" {
  value = var.b
}
variable "o" {
  type = object({ p = optional(string, "dp"), q = optional(number) })
  default = null
}
output "o" {
  value = var.o
}
