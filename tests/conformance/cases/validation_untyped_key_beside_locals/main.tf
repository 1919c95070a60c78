variable "other" {
  type = object({ name = string })
  default = { name = "a" }
  nullable = false
}
output "other" {
  value = var.other
}
output "other__json" {
  value = jsonencode(var.other)
}
variable "context" {
  type = any
  default = {}
  validation {
    condition     = lookup(var.context, "case", null) == null ? true : contains(["lower", "upper"], var.context["case"])
    error_message = "Bad case."
  }
}
output "context" {
  value = var.context
}
output "context__json" {
  value = jsonencode(var.context)
}
locals {
  other_name = var.other.name
}
