variable "big" {
  type = number
  default = 1e400
}
output "big" {
  value = var.big
}
output "big__json" {
  value = jsonencode(var.big)
}
variable "tiny" {
  type = number
  default = -1e-400
}
output "tiny" {
  value = var.tiny
}
output "tiny__json" {
  value = jsonencode(var.tiny)
}
