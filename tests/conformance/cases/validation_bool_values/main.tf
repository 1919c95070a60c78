variable "ip" {
  type = object({ create = optional(bool, true), id = optional(string) })
  default = null
  validation {
    condition     = var.ip == null ? true : var.ip.create && var.ip.id != null ? false : true
    error_message = "Not both."
  }
}
output "ip" {
  value = var.ip
}
output "ip__json" {
  value = jsonencode(var.ip)
}
variable "flags" {
  type = object({ a = optional(bool), b = optional(bool) })
  default = null
  validation {
    condition     = var.flags == null || try(var.flags.a, false) || try(var.flags.b, false)
    error_message = "One flag."
  }
}
output "flags" {
  value = var.flags
}
output "flags__json" {
  value = jsonencode(var.flags)
}
variable "on" {
  type = bool
  default = true
  validation {
    condition     = var.on
    error_message = "Must be on."
  }
}
output "on" {
  value = var.on
}
output "on__json" {
  value = jsonencode(var.on)
}
variable "off" {
  type = bool
  default = false
  validation {
    condition     = !var.off
    error_message = "Must be off."
  }
}
output "off" {
  value = var.off
}
output "off__json" {
  value = jsonencode(var.off)
}
variable "gate" {
  type = object({ enabled = optional(bool, false), level = optional(number, 1) })
  default = {}
  validation {
    condition     = !var.gate.enabled || var.gate.level > 1
    error_message = "Level above 1 when enabled."
  }
}
output "gate" {
  value = var.gate
}
output "gate__json" {
  value = jsonencode(var.gate)
}
