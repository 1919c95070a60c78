variable "apps" {
  type = object({ android = optional(object({ hashes = optional(list(string)), check = optional(object({ enable = optional(bool) })) })) })
  default = {}
  validation {
    condition     = try(var.apps.android.check.enable, null) != true || try(length(var.apps.android.hashes), 0) > 0
    error_message = "Hashes are needed."
  }
}
output "apps" {
  value = var.apps
}
output "apps__json" {
  value = jsonencode(var.apps)
}
