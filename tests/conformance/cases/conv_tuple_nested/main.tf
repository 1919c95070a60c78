variable "x" {
  type = tuple([list(number), object({ a = bool })])
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
