variable "x" {
  type = string
  nullable = false
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
