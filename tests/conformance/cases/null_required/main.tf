variable "x" {
  type = string
}
output "x" {
  value = var.x
}
