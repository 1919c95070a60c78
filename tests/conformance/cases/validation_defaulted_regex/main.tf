variable "roles" {
  type = map(object({ name = optional(string) }))
  default = {}
  validation {
    condition     = alltrue([for r in var.roles : r.name == null || can(regex("^[0-9a-f]{8}$", coalesce(r.name, "00000000")))])
    error_message = "Bad name."
  }
}
output "roles" {
  value = var.roles
}
output "roles__json" {
  value = jsonencode(var.roles)
}
variable "label" {
  type = string
  default = "abc"
  validation {
    condition     = can(regex("^[a-z]+$", coalesce(var.label, "")))
    error_message = "Bad label."
  }
}
output "label" {
  value = var.label
}
output "label__json" {
  value = jsonencode(var.label)
}
variable "suffix" {
  type = string
  default = null
  validation {
    condition     = can(regex("^[a-z]*$", var.suffix == null ? "none" : var.suffix))
    error_message = "Bad suffix."
  }
}
output "suffix" {
  value = var.suffix
}
output "suffix__json" {
  value = jsonencode(var.suffix)
}
variable "code" {
  type = string
  default = "x"
  validation {
    condition     = can(regex("^x?$", coalesce(var.code, "bad")))
    error_message = "Bad code."
  }
}
output "code" {
  value = var.code
}
output "code__json" {
  value = jsonencode(var.code)
}
