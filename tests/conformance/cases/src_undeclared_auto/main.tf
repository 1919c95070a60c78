variable "a" {
  type = string
  default = "d"
}
output "a" {
  value = var.a
}
output "a__json" {
  value = jsonencode(var.a)
}
