variable "x" {
  type = map
}
output "x" {
  value = var.x
}
