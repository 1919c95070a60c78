variable "x" {
  type = object({})
}
output "x" {
  value = var.x
}
