variable "x" {
  type = list(map(any))
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
