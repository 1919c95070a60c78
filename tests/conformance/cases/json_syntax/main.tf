variable "x" {
  type = any
  default = null
}
output "x" {
  value = var.x
}
variable "y" {
  type = any
  default = null
}
output "y" {
  value = var.y
}
