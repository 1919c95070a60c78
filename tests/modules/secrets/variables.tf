# Sensitive variables of every shape, with validation rules that fail on the test's values and
# messages that would print them. Used by tests/sensitive_leaks.rs.

variable "region" {
  type        = string
  description = "Not secret."
}

variable "token" {
  type      = string
  sensitive = true
  validation {
    condition     = length(var.token) > 40
    error_message = "The token ${var.token} is too short."
  }
  validation {
    condition     = can(regex("^tok-", var.token))
    error_message = "The token ${upper(var.token)} must start with tok-."
  }
}

variable "pin" {
  type      = number
  sensitive = true
  validation {
    condition     = var.pin < 1000
    error_message = "The pin ${var.pin} is too large."
  }
}

variable "db" {
  type = object({
    user     = string
    password = string
    port     = optional(number, 5432)
  })
  sensitive = true
  validation {
    condition     = length(var.db.password) > 40
    error_message = "Password ${var.db.password} for ${var.db.user} is too short."
  }
}

variable "keys" {
  type      = map(string)
  sensitive = true
  default   = {}
  validation {
    condition     = alltrue([for k, v in var.keys : length(v) > 40])
    error_message = "Keys ${jsonencode(var.keys)} are too short."
  }
}

variable "words" {
  type      = list(string)
  sensitive = true
  default   = ["zebra"]
  validation {
    condition     = can(regex("^z", var.words[0]))
    error_message = "First word ${var.words[0]} must start with z."
  }
}

variable "cidr" {
  type      = string
  sensitive = true
  default   = "10.0.0.0/8"
  validation {
    # Fails inside the function on a bad value; the function's error names the value.
    condition     = cidrhost(var.cidr, 1) != ""
    error_message = "Not a network."
  }
}

variable "amount" {
  type      = string
  sensitive = true
  default   = "1"
  validation {
    condition     = tonumber(var.amount) > 0
    error_message = "The amount must be positive."
  }
}

variable "label" {
  type    = string
  default = "x"
  validation {
    # Not sensitive itself, but its message reaches a secret through a local.
    condition     = length(var.label) > 3
    error_message = "Label ${var.label} of ${local.login} is too short."
  }
}

locals {
  login = var.db.user
}
