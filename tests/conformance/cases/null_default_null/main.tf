variable "x" {
  type = string
  default = null
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
