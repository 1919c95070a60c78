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
variable "big60" {
  type = number
  default = 1234567890123456789012345678901234567890123456789012345678901
}
output "big60" {
  value = var.big60
}
output "big60__json" {
  value = jsonencode(var.big60)
}
