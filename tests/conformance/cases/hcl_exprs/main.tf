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
