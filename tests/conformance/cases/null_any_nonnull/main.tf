variable "x" {
  type = any
  default = { k = [1, "a"] }
  nullable = false
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
