variable "proxy" {
  type = object({ http = optional(string), https = optional(string) })
  default = null
  validation {
    condition     = var.proxy == null ? true : can(coalesce(var.proxy.http, var.proxy.https))
    error_message = "Bad proxy."
  }
}
output "proxy" {
  value = var.proxy
}
output "proxy__json" {
  value = jsonencode(var.proxy)
}
variable "gateway" {
  type = object({ id = optional(string), cidr = optional(string) })
  default = { id = "x" }
  validation {
    condition     = can(coalesce(var.gateway.id, var.gateway.cidr, ""))
    error_message = "Bad gateway."
  }
}
output "gateway" {
  value = var.gateway
}
output "gateway__json" {
  value = jsonencode(var.gateway)
}
variable "sizes" {
  type = object({ n = optional(number), m = optional(number) })
  default = { n = 1 }
  validation {
    condition     = can(coalesce(var.sizes.n, var.sizes.m))
    error_message = "Bad sizes."
  }
}
output "sizes" {
  value = var.sizes
}
output "sizes__json" {
  value = jsonencode(var.sizes)
}
