# A misspelt block type must not make a variable vanish.
variabl "region" {
  type = string
}

variable "name" {
  type = string
}

instance_type = "t2.micro"
variable      = "x"

resource "aws_instance" {
}

data "aws_ami" "ubuntu" "extra" {
}

locals "named" {
  a = 1
}

moved "x" {
  from = a.b
  to   = a.c
}

provider {
}

required_providers {
}

action "a" "b" {
}

outputs "name" {
  value = var.name
}
