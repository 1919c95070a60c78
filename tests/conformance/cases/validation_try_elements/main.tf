variable "settings" {
  type = list(object({ id = string, lifecycle = optional(string, "All") }))
  default = null
  validation {
    condition     = try(var.settings == null ? true : alltrue([for s in var.settings : s == null ? true : contains(["Init", "All"], s.lifecycle)]), true)
    error_message = "Bad lifecycle."
  }
}
output "settings" {
  value = var.settings
}
output "settings__json" {
  value = jsonencode(var.settings)
}
variable "rules" {
  type = list(object({ action = optional(string) }))
  default = null
  validation {
    condition     = try(var.rules == null ? true : alltrue([for r in var.rules : contains(["Allow", "Deny"], r.action)]), true)
    error_message = "Bad action."
  }
}
output "rules" {
  value = var.rules
}
output "rules__json" {
  value = jsonencode(var.rules)
}
