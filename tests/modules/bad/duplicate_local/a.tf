locals {
  x = 1
}
variable "a" {}
