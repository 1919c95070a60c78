variable "a" {
  type = string
  validation {
    condition     = var.a != ""
    error_message = "Empty."
    severity      = "warning"
  }
  validation "named" {
    condition     = var.a != "x"
    error_message = "Not x."
  }
  validation {
    condition     = var.a != "y"
    error_message = "Not y."
    check {
    }
  }
}
