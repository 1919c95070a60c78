variable "i" {
  type = any
  default = true
  validation {
    condition     = [1, 2, 3][var.i] == 2
    error_message = "i"
  }
}
output "i" {
  value = var.i
}
output "i__json" {
  value = jsonencode(var.i)
}
variable "d" {
  type = any
  default = true
  validation {
    condition     = format("%d", var.d) == "1"
    error_message = "d"
  }
}
output "d" {
  value = var.d
}
output "d__json" {
  value = jsonencode(var.d)
}
variable "t" {
  type = any
  default = 1
  validation {
    condition     = format("%t", var.t) == "true"
    error_message = "t"
  }
}
output "t" {
  value = var.t
}
output "t__json" {
  value = jsonencode(var.t)
}
