variable "x" {
  type = any
  default = null
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
variable "y" {
  type = any
  default = null
}
output "y" {
  value = var.y
}
output "y__json" {
  value = jsonencode(var.y)
}
