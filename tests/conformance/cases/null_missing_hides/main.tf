variable "req" {
  type = string
}
output "req" {
  value = var.req
}
variable "n" {
  type = number
  default = 1
}
output "n" {
  value = var.n
}
variable "nn" {
  type = string
  nullable = false
}
output "nn" {
  value = var.nn
}
