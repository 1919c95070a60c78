variable "x" {
  type = map(number)
}
output "x" {
  value = var.x
}
