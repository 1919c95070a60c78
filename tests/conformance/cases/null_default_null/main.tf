variable "x" {
  type = string
  default = null
}
output "x" {
  value = var.x
}
