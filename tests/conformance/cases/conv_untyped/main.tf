variable "x" {
}
output "x" {
  value = var.x
}
