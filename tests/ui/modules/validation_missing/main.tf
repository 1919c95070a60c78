variable "a" {
  type = number
  validation {
    condition = var.a > 0
  }
  validation {
    error_message = "Needs a condition."
  }
}
