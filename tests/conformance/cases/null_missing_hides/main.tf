variable "req" {
  type = string
}
output "req" {
  value = var.req
}
output "req__json" {
  value = jsonencode(var.req)
}
variable "n" {
  type = number
  default = 1
}
output "n" {
  value = var.n
}
output "n__json" {
  value = jsonencode(var.n)
}
variable "nn" {
  type = string
  nullable = false
}
output "nn" {
  value = var.nn
}
output "nn__json" {
  value = jsonencode(var.nn)
}
