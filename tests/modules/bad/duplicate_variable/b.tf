# the same name again
variable "region" {
  default = "x"
}

variable "zone" {}
