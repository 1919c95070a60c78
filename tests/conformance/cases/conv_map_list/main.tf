variable "x" {
  type = map(list(number))
}
output "x" {
  value = var.x
}
