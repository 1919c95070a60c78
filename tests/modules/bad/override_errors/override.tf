variable "a" {
  type = bool
  validation {
    condition     = var.a
    error_message = "Not allowed here."
  }
}
variable "b" {
}
locals {
  y = 2
}
