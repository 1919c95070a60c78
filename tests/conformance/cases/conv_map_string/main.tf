variable "x" {
  type = map(string)
}
output "x" {
  value = var.x
}
