variable "shares" {
  type = map(object({ quota = optional(number), tier = optional(string) }))
  default = {}
  validation {
    condition     = alltrue([for _, v in var.shares : v.quota >= 1 && v.quota <= 5120 if v.quota != null])
    error_message = "Quota out of range."
  }
  validation {
    condition     = alltrue([for _, v in var.shares : contains(["Cool", "Hot"], v.tier) if v.tier != null])
    error_message = "Unknown tier."
  }
}
output "shares" {
  value = var.shares
}
output "shares__json" {
  value = jsonencode(var.shares)
}
variable "ports" {
  type = list(number)
  default = []
  validation {
    condition     = alltrue([for p in var.ports : p > 0 && p < 65536 if p != null])
    error_message = "Bad port."
  }
}
output "ports" {
  value = var.ports
}
output "ports__json" {
  value = jsonencode(var.ports)
}
variable "fips" {
  type = list(object({ public_ip_id = optional(string), create_public_ip = optional(bool, false), public_ip_name = optional(string) }))
  default = []
  validation {
    condition     = alltrue([for f in var.fips : f.create_public_ip == false && f.public_ip_name == null if f.public_ip_id != null])
    error_message = "Conflicting public IP."
  }
}
output "fips" {
  value = var.fips
}
output "fips__json" {
  value = jsonencode(var.fips)
}
variable "nics" {
  type = list(object({ attach = optional(bool), pool_id = optional(string) }))
  default = []
  validation {
    condition     = alltrue([for n in var.nics : n.pool_id != null if n.attach])
    error_message = "Pool needed."
  }
}
output "nics" {
  value = var.nics
}
output "nics__json" {
  value = jsonencode(var.nics)
}
variable "disks" {
  type = map(object({ spec = optional(object({ size = optional(number) })) }))
  default = {}
  validation {
    condition     = alltrue([for _, d in var.disks : d.spec.size > 10 if d.spec.size != null])
    error_message = "Small disk."
  }
}
output "disks" {
  value = var.disks
}
output "disks__json" {
  value = jsonencode(var.disks)
}
