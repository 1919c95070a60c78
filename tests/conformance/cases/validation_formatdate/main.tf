variable "at" {
  type = string
  default = "2024-01-01T00:00:00Z"
  validation {
    condition     = can(formatdate("YYYY-MM-DD", var.at))
    error_message = "Not a timestamp."
  }
}
output "at" {
  value = var.at
}
output "at__json" {
  value = jsonencode(var.at)
}
variable "loose" {
  type = any
  default = null
  validation {
    condition     = var.loose == null || can(formatdate("", var.loose))
    error_message = "Not a timestamp."
  }
}
output "loose" {
  value = var.loose
}
output "loose__json" {
  value = jsonencode(var.loose)
}
variable "policies" {
  type = list(object({ name = string, expires = optional(string) }))
  default = []
  nullable = false
  validation {
    condition     = alltrue([for p in var.policies : can(formatdate("", p.expires)) if p.expires != null])
    error_message = "An expiry is not a timestamp."
  }
}
output "policies" {
  value = var.policies
}
output "policies__json" {
  value = jsonencode(var.policies)
}
