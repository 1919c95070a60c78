variable "x" {
  type = tuple([string, number])
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
