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
variable "keys" {
  type = map(object({ template = optional(object({ level = optional(string) })) }))
  default = {}
  validation {
    condition     = alltrue([for k, v in var.keys : contains(["SOFTWARE", "HSM"], try(v.template.level, "SOFTWARE"))])
    error_message = "Bad level."
  }
}
output "keys" {
  value = var.keys
}
output "keys__json" {
  value = jsonencode(var.keys)
}
