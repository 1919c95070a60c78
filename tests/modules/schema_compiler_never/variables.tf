# A rule its own default fails: leaving the variable out is refused (and so is null,
# which the default replaces).

variable "fixed_size" {
  type     = number
  default  = 3
  nullable = false
  validation {
    condition     = var.fixed_size == null
    error_message = "never true: the default replaces null."
  }
}
