variable "a" {
  type    = number
  default = 1
}
locals {
  x = 1
}
