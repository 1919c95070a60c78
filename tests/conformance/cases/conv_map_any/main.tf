variable "x" {
  type = map(any)
}
output "x" {
  value = var.x
}
