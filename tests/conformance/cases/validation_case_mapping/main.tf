variable "sku" {
  type = string
  default = "standard"
  validation {
    condition     = contains(["standard", "premium", "kit"], lower(var.sku))
    error_message = "Unknown SKU."
  }
}
output "sku" {
  value = var.sku
}
output "sku__json" {
  value = jsonencode(var.sku)
}
variable "os" {
  type = string
  default = "LINUX"
  validation {
    condition     = contains(["LINUX", "WINDOWS", "SS", "IS"], upper(var.os))
    error_message = "Unknown OS."
  }
}
output "os" {
  value = var.os
}
output "os__json" {
  value = jsonencode(var.os)
}
variable "tier" {
  type = string
  default = "basic"
  validation {
    condition     = !contains(["legacy"], lower(var.tier))
    error_message = "Legacy tier."
  }
}
output "tier" {
  value = var.tier
}
output "tier__json" {
  value = jsonencode(var.tier)
}
