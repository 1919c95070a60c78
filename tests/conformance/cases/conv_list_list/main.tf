variable "x" {
  type = list(list(string))
}
output "x" {
  value = var.x
}
