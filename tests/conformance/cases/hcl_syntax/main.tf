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
variable "a-b" {
  type = any
  default = null
}
output "a-b" {
  value = var.a-b
}
output "a-b__json" {
  value = jsonencode(var.a-b)
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
