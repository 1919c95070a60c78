variable "x" {
  type = set(number)
}
output "x" {
  value = var.x
}
