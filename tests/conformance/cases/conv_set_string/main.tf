variable "x" {
  type = set(string)
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
