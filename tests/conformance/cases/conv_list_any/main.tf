variable "x" {
  type = list(any)
}
output "x" {
  value = var.x
}
