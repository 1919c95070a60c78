variable "rev" {
  type = object({ name = optional(string), job = optional(any) })
  default = {}
  validation {
    condition     = lookup(var.rev, "job", null) == null
    error_message = "job has moved."
  }
}
output "rev" {
  value = var.rev
}
output "rev__json" {
  value = jsonencode(var.rev)
}
variable "cfg" {
  type = object({ tier = optional(string) })
  default = { tier = "basic" }
  validation {
    condition     = lookup(var.cfg, "tier", "basic") == "basic" || lookup(var.cfg, "tier", "basic") == "premium"
    error_message = "Unknown tier."
  }
}
output "cfg" {
  value = var.cfg
}
output "cfg__json" {
  value = jsonencode(var.cfg)
}
variable "mode" {
  type = object({ mode = optional(string, "a") })
  default = {}
  validation {
    condition     = contains(["a", "b"], lookup(var.mode, "mode", "a"))
    error_message = "Unknown mode."
  }
}
output "mode" {
  value = var.mode
}
output "mode__json" {
  value = jsonencode(var.mode)
}
variable "other" {
  type = object({ a = string })
  default = { a = "x" }
  validation {
    condition     = lookup(var.other, "missing", "x") == "x"
    error_message = "Never."
  }
}
output "other" {
  value = var.other
}
output "other__json" {
  value = jsonencode(var.other)
}
