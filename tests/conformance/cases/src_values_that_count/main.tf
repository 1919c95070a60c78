variable "s" {
  type = string
  default = "d"
}
output "s" {
  value = var.s
}
output "s__json" {
  value = jsonencode(var.s)
}
variable "r" {
  type = string
}
output "r" {
  value = var.r
}
output "r__json" {
  value = jsonencode(var.r)
}
variable "l" {
  type = list(string)
  default = []
}
output "l" {
  value = var.l
}
output "l__json" {
  value = jsonencode(var.l)
}
