variable "x" {
  type = set(bool)
}
output "x" {
  value = var.x
}
