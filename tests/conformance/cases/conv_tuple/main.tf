variable "x" {
  type = tuple([string, number])
}
output "x" {
  value = var.x
}
