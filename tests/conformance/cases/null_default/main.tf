variable "x" {
  type = string
  default = "d"
}
output "x" {
  value = var.x
}
