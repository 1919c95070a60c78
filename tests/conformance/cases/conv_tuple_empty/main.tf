variable "x" {
  type = tuple([])
}
output "x" {
  value = var.x
}
