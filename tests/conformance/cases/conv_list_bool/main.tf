variable "x" {
  type = list(bool)
}
output "x" {
  value = var.x
}
