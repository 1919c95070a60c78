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
