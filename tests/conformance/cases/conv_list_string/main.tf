variable "x" {
  type = list(string)
}
output "x" {
  value = var.x
}
