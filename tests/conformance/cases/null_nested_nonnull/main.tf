variable "x" {
  type = list(string)
  default = ["d"]
  nullable = false
}
output "x" {
  value = var.x
}
