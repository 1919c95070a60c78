variable "a" {
  type = number
  validation {
    condition     = var.a > var.nope
    error_message = "Uses ${local.missing}."
  }
}
