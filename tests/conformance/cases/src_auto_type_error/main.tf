variable "n" {
  type = number
  default = 0
}
output "n" {
  value = var.n
}
output "n__json" {
  value = jsonencode(var.n)
}
