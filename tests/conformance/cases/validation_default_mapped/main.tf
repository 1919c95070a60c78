variable "rg" {
  type = string
  default = null
  validation {
    condition     = length(coalesce(var.rg, "null")) <= 6
    error_message = "Long name."
  }
}
output "rg" {
  value = var.rg
}
output "rg__json" {
  value = jsonencode(var.rg)
}
variable "root" {
  type = string
  default = null
  validation {
    condition     = var.root == null || startswith(coalesce(var.root, "-"), "folders/")
    error_message = "Bad root."
  }
}
output "root" {
  value = var.root
}
output "root__json" {
  value = jsonencode(var.root)
}
variable "short" {
  type = string
  default = "ab"
  validation {
    condition     = length(coalesce(var.short, "toolong")) <= 4
    error_message = "Long."
  }
}
output "short" {
  value = var.short
}
output "short__json" {
  value = jsonencode(var.short)
}
variable "n" {
  type = number
  default = null
  validation {
    condition     = (var.n == null ? 5 : var.n) > 3
    error_message = "Small."
  }
}
output "n" {
  value = var.n
}
output "n__json" {
  value = jsonencode(var.n)
}
variable "suffix" {
  type = string
  default = "a"
  validation {
    condition     = endswith(coalesce(var.suffix, ""), "a")
    error_message = "Bad suffix."
  }
}
output "suffix" {
  value = var.suffix
}
output "suffix__json" {
  value = jsonencode(var.suffix)
}
