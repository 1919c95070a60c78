variable "x" {
  type = string
  nullable = false
}
output "x" {
  value = var.x
}
