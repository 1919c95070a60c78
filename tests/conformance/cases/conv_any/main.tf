variable "x" {
  type = any
}
output "x" {
  value = var.x
}
