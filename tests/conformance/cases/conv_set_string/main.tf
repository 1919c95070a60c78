variable "x" {
  type = set(string)
}
output "x" {
  value = var.x
}
