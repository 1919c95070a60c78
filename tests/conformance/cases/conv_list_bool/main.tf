variable "x" {
  type = list(bool)
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
