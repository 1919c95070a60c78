variable "l" {
  type = list(string)
  nullable = false
}
output "l" {
  value = var.l
}
output "l__json" {
  value = jsonencode(var.l)
}
variable "s" {
  type = string
  default = "d"
  nullable = false
}
output "s" {
  value = var.s
}
output "s__json" {
  value = jsonencode(var.s)
}
