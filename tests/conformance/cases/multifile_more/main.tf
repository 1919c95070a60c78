variable "a" {
  type = string
  default = "da"
}
output "a" {
  value = var.a
}
output "a__json" {
  value = jsonencode(var.a)
}
variable "s" {
  type = set(string)
  default = []
}
output "s" {
  value = var.s
}
output "s__json" {
  value = jsonencode(var.s)
}
