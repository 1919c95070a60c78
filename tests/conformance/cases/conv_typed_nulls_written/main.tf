variable "x" {
  type = map(any)
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
