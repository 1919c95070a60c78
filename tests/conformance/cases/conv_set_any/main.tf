variable "x" {
  type = set(any)
}
output "x" {
  value = var.x
}
