variable "gateway" {
  type = object({ config = optional(object({ id = string })), enabled = bool })
  default = null
  validation {
    condition     = try(!(var.gateway != null && var.gateway.enabled == true && (var.gateway.config == null || var.gateway.config.id == "")), true)
    error_message = "An enabled gateway needs an id."
  }
}
output "gateway" {
  value = var.gateway
}
output "gateway__json" {
  value = jsonencode(var.gateway)
}
variable "vpn" {
  type = object({ enable = bool, pool = string })
  default = { enable = false, pool = "p" }
}
output "vpn" {
  value = var.vpn
}
output "vpn__json" {
  value = jsonencode(var.vpn)
}
variable "region" {
  type = string
  default = null
  validation {
    condition     = var.region == null || var.vpn.enable == true
    error_message = "A region needs the VPN."
  }
}
output "region" {
  value = var.region
}
output "region__json" {
  value = jsonencode(var.region)
}
