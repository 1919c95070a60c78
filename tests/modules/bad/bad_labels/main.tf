variable {
}
variable "a" "b" {
}
variable "c" {
  type = string
  lifecycle {
  }
}
