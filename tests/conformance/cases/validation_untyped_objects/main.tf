variable "settings" {
  default = {}
  validation {
    condition     = can([for k in keys(var.settings) : contains(["a", "b"], k)]) || var.settings == {}
    error_message = "An object."
  }
}
output "settings" {
  value = var.settings
}
output "settings__json" {
  value = jsonencode(var.settings)
}
variable "empty" {
  default = {}
  validation {
    condition     = var.empty == {}
    error_message = "Empty."
  }
}
output "empty" {
  value = var.empty
}
output "empty__json" {
  value = jsonencode(var.empty)
}
variable "vals" {
  type = any
  default = {}
  validation {
    condition     = can(values(var.vals))
    error_message = "An object."
  }
}
output "vals" {
  value = var.vals
}
output "vals__json" {
  value = jsonencode(var.vals)
}
variable "m" {
  type = map(string)
  default = {}
  validation {
    condition     = can(keys(var.m))
    error_message = "Not null."
  }
}
output "m" {
  value = var.m
}
output "m__json" {
  value = jsonencode(var.m)
}
