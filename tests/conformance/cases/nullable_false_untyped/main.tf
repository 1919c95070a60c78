variable "x" {
  type = any
  nullable = false
}
output "x" {
  value = var.x
}
output "x__json" {
  value = jsonencode(var.x)
}
variable "u" {
  nullable = false
}
output "u" {
  value = var.u
}
output "u__json" {
  value = jsonencode(var.u)
}
variable "d" {
  type = any
  default = "d"
  nullable = false
}
output "d" {
  value = var.d
}
output "d__json" {
  value = jsonencode(var.d)
}
variable "r" {
  type = any
  nullable = false
  validation {
    condition     = var.r == null || var.r != "z"
    error_message = "Not z."
  }
}
output "r" {
  value = var.r
}
output "r__json" {
  value = jsonencode(var.r)
}
