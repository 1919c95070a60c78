variable "cidr" {
  type = string
  default = "10.0.0.0/16"
  validation {
    condition     = can(cidrhost(var.cidr, 0))
    error_message = "Must be a CIDR prefix."
  }
}
output "cidr" {
  value = var.cidr
}
output "cidr__json" {
  value = jsonencode(var.cidr)
}
variable "cidrs" {
  type = list(string)
  default = []
  validation {
    condition     = alltrue([for c in var.cidrs : can(cidrhost(c, 1))])
    error_message = "Each must hold host 1."
  }
}
output "cidrs" {
  value = var.cidrs
}
output "cidrs__json" {
  value = jsonencode(var.cidrs)
}
variable "path" {
  type = string
  default = "a/b"
  validation {
    condition     = strcontains(var.path, "/")
    error_message = "Must contain a slash."
  }
}
output "path" {
  value = var.path
}
output "path__json" {
  value = jsonencode(var.path)
}
variable "flat" {
  type = string
  default = "x"
  validation {
    condition     = strcontains(var.flat, "/") == false
    error_message = "Must not contain a slash."
  }
}
output "flat" {
  value = var.flat
}
output "flat__json" {
  value = jsonencode(var.flat)
}
variable "plain" {
  type = string
  default = "b"
  validation {
    condition     = !startswith(var.plain, "-")
    error_message = "Must not start with a dash."
  }
}
output "plain" {
  value = var.plain
}
output "plain__json" {
  value = jsonencode(var.plain)
}
variable "gpu" {
  type = object({ driver = optional(string), nvidia = optional(object({ mode = optional(string) })) })
  default = null
  validation {
    condition     = try(var.gpu == null || var.gpu.driver == null || contains(["Install", "None"], var.gpu.driver), true)
    error_message = "Unknown driver."
  }
  validation {
    condition     = try(var.gpu == null || var.gpu.nvidia == null || var.gpu.nvidia.mode == null || contains(["Managed"], var.gpu.nvidia.mode), true)
    error_message = "Unknown mode."
  }
}
output "gpu" {
  value = var.gpu
}
output "gpu__json" {
  value = jsonencode(var.gpu)
}
variable "probes" {
  type = list(object({ protocol = string }))
  default = []
  validation {
    condition     = length([for o in var.probes : true if contains(["Tcp", "Http"], o.protocol)]) == length(var.probes)
    error_message = "Unknown protocol."
  }
}
output "probes" {
  value = var.probes
}
output "probes__json" {
  value = jsonencode(var.probes)
}
variable "spaces" {
  type = list(object({ prefix = string }))
  default = null
  validation {
    condition     = alltrue([for a in (var.spaces == null ? [] : var.spaces) : can(cidrhost(a.prefix, 0))])
    error_message = "Each prefix must be a CIDR prefix."
  }
}
output "spaces" {
  value = var.spaces
}
output "spaces__json" {
  value = jsonencode(var.spaces)
}
variable "sku" {
  type = object({ capacity = optional(number), tier = optional(string) })
  default = { capacity = 5, tier = "Basic" }
  validation {
    condition     = var.sku == null || var.sku.capacity == null || (var.sku.capacity >= 1 && var.sku.capacity <= 125)
    error_message = "Capacity from 1 to 125."
  }
  validation {
    condition     = var.sku.tier == null || contains(["Basic", "Standard"], var.sku.tier)
    error_message = "Unknown tier."
  }
}
output "sku" {
  value = var.sku
}
output "sku__json" {
  value = jsonencode(var.sku)
}
variable "tags" {
  type = list(string)
  default = []
  validation {
    condition     = !anytrue([for t in var.tags : contains(["root", "admin"], t)])
    error_message = "Reserved tag."
  }
}
output "tags" {
  value = var.tags
}
output "tags__json" {
  value = jsonencode(var.tags)
}
