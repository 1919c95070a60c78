variable "a" {
  typ         = string
  description = "a"
  descriptio  = "set already, so not suggested"
  nullabel    = true
  validation  = true
  default {
  }
  validaton {
  }
}

variable "b" {
  type = number
  validation {
    condition    = var.b > 0
    error_mesage = "b must be positive."
  }
  validation {
    condition {
    }
    error_message = "b must be positive."
  }
}

locals {
  x = 1
  first {
  }
  second {
  }
}
