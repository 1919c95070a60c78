variable "nets" {
  type = map(object({ subnets = list(string) }))
  default = {}
  validation {
    condition     = alltrue(flatten([for k, v in var.nets : [for s in v.subnets : length(s) <= 5]]))
    error_message = "Subnet names up to 5."
  }
}
output "nets" {
  value = var.nets
}
output "nets__json" {
  value = jsonencode(var.nets)
}
variable "listeners" {
  type = map(object({ port = number, protocol = string }))
  default = {}
  validation {
    condition     = alltrue(flatten([for _, l in var.listeners : (l.port >= 1 && l.port <= 65535)]))
    error_message = "Bad port."
  }
  validation {
    condition     = alltrue(flatten([for _, l in var.listeners : [contains(["Http", "Https"], l.protocol)]]))
    error_message = "Bad protocol."
  }
}
output "listeners" {
  value = var.listeners
}
output "listeners__json" {
  value = jsonencode(var.listeners)
}
variable "containers" {
  type = list(object({ probes = optional(list(string)) }))
  default = []
  validation {
    condition     = alltrue(flatten([for c in var.containers : c.probes == null ? [true] : [for p in c.probes : contains(["TCP", "HTTP"], p)]]))
    error_message = "Bad probe."
  }
}
output "containers" {
  value = var.containers
}
output "containers__json" {
  value = jsonencode(var.containers)
}
variable "ssl" {
  type = map(object({ min = optional(string) }))
  default = {}
  validation {
    condition     = alltrue(flatten([for _, s in var.ssl : contains(["TLSv1_2", "TLSv1_3"], s.min) if s.min != null]))
    error_message = "Bad TLS version."
  }
}
output "ssl" {
  value = var.ssl
}
output "ssl__json" {
  value = jsonencode(var.ssl)
}
