variable "vms" {
  type = map(object({ a = optional(string), b = optional(string) }))
  default = null
  validation {
    condition     = alltrue([for _, v in coalesce(var.vms, {}) : v.a != null || v.b != null])
    error_message = "a or b."
  }
}
output "vms" {
  value = var.vms
}
output "vms__json" {
  value = jsonencode(var.vms)
}
variable "tags" {
  type = map(string)
  default = null
  validation {
    condition     = alltrue([for k, v in var.tags == null ? {} : var.tags : length(v) <= 8])
    error_message = "Tag too long."
  }
}
output "tags" {
  value = var.tags
}
output "tags__json" {
  value = jsonencode(var.tags)
}
