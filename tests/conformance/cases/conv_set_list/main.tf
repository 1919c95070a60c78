variable "x" {
  type = set(list(string))
}
output "x" {
  value = var.x
}
