variable "cfg" {
  type = object({ sub = optional(object({ tags = optional(list(string)), labels = optional(map(string)) })) })
  default = null
  validation {
    condition     = alltrue([for t in try(var.cfg.sub.tags, []) : contains(["a", "b"], t)])
    error_message = "Bad tag."
  }
  validation {
    condition     = alltrue([for k, v in try(var.cfg.sub.labels, {}) : length(v) <= 3])
    error_message = "Long label."
  }
}
output "cfg" {
  value = var.cfg
}
output "cfg__json" {
  value = jsonencode(var.cfg)
}
