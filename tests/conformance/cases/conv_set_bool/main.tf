variable "x" {
  type = set(bool)
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
