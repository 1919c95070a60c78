variable "x" {
  type = number
}
output "x" {
  value = var.x
}
