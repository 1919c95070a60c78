variable "x" {
  type = tuple([any, list(any), number])
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
