variable "x" {
  type = set(map(string))
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
