# Terraform 1.11.4 rejects this module before checking any value (the order of the two
# errors and of the names in each varies from run to run):
#   Error: Cycle: var.size (validation), local.size_ok (expand)
#   Error: Cycle: var.b (validation), var.a (validation)
# The self-referencing local is reported («Self-referencing local value») once there is no
# cycle left.

variable "size" {
  type = number
  validation {
    condition     = var.size > 0 && local.size_ok
    error_message = "The size must be positive and below the limit."
  }
}

variable "a" {
  type = string
  validation {
    condition     = var.a != var.b
    error_message = "a and b must differ."
  }
}

variable "b" {
  type    = string
  default = "b"
  validation {
    condition     = length(var.b) > 0 && var.a != ""
    error_message = "b must not be empty."
  }
}

locals {
  size_ok = var.size < 100
  limit   = 100
  # Unused, and still an error once the cycles are gone.
  again = local.again
}
