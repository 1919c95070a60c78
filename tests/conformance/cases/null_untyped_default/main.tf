variable "x" {
  default = "d"
}
output "x" {
  value = var.x
}
