variable "x" {
  type = list(map(any))
}
output "x" {
  value = var.x
}
