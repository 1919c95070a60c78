locals {
  x = 1
  # A multi-line value: Terraform names its whole range, over lines.
  tags = {
    team = "platform"
  }
}
variable "a" {}
