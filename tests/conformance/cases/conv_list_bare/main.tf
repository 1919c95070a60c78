variable "x" {
  type = list
}
output "x" {
  value = var.x
}
