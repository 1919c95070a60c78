variable "name" {
  type = string
  default = "a"
  validation {
    condition     = can(regex("^[a-zA-Z0-9-_]{1,60}$", var.name))
    error_message = "Bad name."
  }
}
output "name" {
  value = var.name
}
output "name__json" {
  value = jsonencode(var.name)
}
variable "stack" {
  type = string
  default = "IPV4_ONLY"
  validation {
    condition     = contains(["IPV4_ONLY", "DUAL_STACK"], var.stack)
    error_message = "Bad stack."
  }
}
output "stack" {
  value = var.stack
}
output "stack__json" {
  value = jsonencode(var.stack)
}
variable "domain" {
  type = string
  default = "abc"
  validation {
    condition     = can(regex("^[a-z][a-z0-9-]*$", var.domain))
    error_message = "Bad domain."
  }
  validation {
    condition     = length(var.domain) >= 3 && length(var.domain) <= 8
    error_message = "Bad length."
  }
}
output "domain" {
  value = var.domain
}
output "domain__json" {
  value = jsonencode(var.domain)
}
