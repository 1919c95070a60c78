variable "x" {
  type = bool
}
output "x" {
  value = var.x
}
