variable "scope" {
  type = object({ groups = optional(list(string)), subs = optional(list(string)) })
  default = { groups = ["g"] }
  nullable = false
  validation {
    condition     = length(coalesce(var.scope.groups, [])) > 0 || length(coalesce(var.scope.subs, [])) > 0
    error_message = "Give one."
  }
}
output "scope" {
  value = var.scope
}
output "scope__json" {
  value = jsonencode(var.scope)
}
variable "ids" {
  type = list(string)
  default = null
  validation {
    condition     = length(var.ids == null ? [] : var.ids) <= 2
    error_message = "Too many."
  }
}
output "ids" {
  value = var.ids
}
output "ids__json" {
  value = jsonencode(var.ids)
}
variable "tags" {
  type = map(string)
  default = null
  validation {
    condition     = length(coalesce(var.tags, {})) < 3
    error_message = "Too many tags."
  }
}
output "tags" {
  value = var.tags
}
output "tags__json" {
  value = jsonencode(var.tags)
}
