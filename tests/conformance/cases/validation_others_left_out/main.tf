variable "clusters" {
  type = map(object({ size = number }))
  default = {}
}
output "clusters" {
  value = var.clusters
}
output "clusters__json" {
  value = jsonencode(var.clusters)
}
variable "connectors" {
  type = map(object({ cluster = string }))
  default = {}
  nullable = false
  validation {
    condition     = alltrue([for k, v in var.connectors : contains(keys(var.clusters), v.cluster)])
    error_message = "Unknown cluster."
  }
}
output "connectors" {
  value = var.connectors
}
output "connectors__json" {
  value = jsonencode(var.connectors)
}
variable "zones" {
  type = list(string)
  default = ["a", "b"]
}
output "zones" {
  value = var.zones
}
output "zones__json" {
  value = jsonencode(var.zones)
}
variable "zone" {
  type = string
  default = "a"
  validation {
    condition     = contains(var.zones, var.zone)
    error_message = "Unknown zone."
  }
}
output "zone" {
  value = var.zone
}
output "zone__json" {
  value = jsonencode(var.zone)
}
variable "custom" {
  type = list(string)
  default = []
}
output "custom" {
  value = var.custom
}
output "custom__json" {
  value = jsonencode(var.custom)
}
variable "mode" {
  type = string
  default = "auto"
  validation {
    condition     = var.mode == "custom" ? length(var.custom) > 0 : true
    error_message = "Custom needs a list."
  }
}
output "mode" {
  value = var.mode
}
output "mode__json" {
  value = jsonencode(var.mode)
}
variable "key" {
  type = string
  default = null
}
output "key" {
  value = var.key
}
output "key__json" {
  value = jsonencode(var.key)
}
variable "encrypted" {
  type = bool
  default = false
  validation {
    condition     = !(var.encrypted && var.key == null)
    error_message = "A key is needed."
  }
}
output "encrypted" {
  value = var.encrypted
}
output "encrypted__json" {
  value = jsonencode(var.encrypted)
}
