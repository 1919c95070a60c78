variable "x" {
  type = bool
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
