variable "maybe" {
  type = string
  default = null
  validation {
    condition     = var.maybe == null || startswith(var.maybe, "a")
    error_message = "Must start with a."
  }
}
output "maybe" {
  value = var.maybe
}
output "maybe__json" {
  value = jsonencode(var.maybe)
}
