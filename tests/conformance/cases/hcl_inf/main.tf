variable "a" {
  type = any
  default = null
}
output "a" {
  value = var.a
}
