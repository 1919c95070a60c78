variable "x" {
  type = list(number)
}
output "x" {
  value = var.x
}
