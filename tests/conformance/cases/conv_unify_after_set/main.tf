variable "x" {
  type = set(any)
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
