variable "versions" {
  default = ["ikev1"]
  validation {
    condition     = alltrue([for o in var.versions : contains(["ikev1", "ikev2"], o)])
    error_message = "Bad version."
  }
}
output "versions" {
  value = var.versions
}
output "versions__json" {
  value = jsonencode(var.versions)
}
variable "groups" {
  default = [14]
  validation {
    condition     = alltrue([for o in try(var.groups, []) : contains([2, 14], o)])
    error_message = "Bad group."
  }
}
output "groups" {
  value = var.groups
}
output "groups__json" {
  value = jsonencode(var.groups)
}
variable "vpcs" {
  type = any
  default = {}
  validation {
    condition     = alltrue([for vpc in try(var.vpcs, {}) : length(setsubtract(keys(vpc), ["type", "name"])) == 0])
    error_message = "Unknown key."
  }
  validation {
    condition     = alltrue([for vpc in try(var.vpcs, {}) : contains(["egress", "ingress"], vpc.type)])
    error_message = "Bad type."
  }
}
output "vpcs" {
  value = var.vpcs
}
output "vpcs__json" {
  value = jsonencode(var.vpcs)
}
variable "network" {
  default = {}
  validation {
    condition     = length(setsubtract(keys(var.network), ["description", "tags"])) == 0
    error_message = "Unknown key."
  }
}
output "network" {
  value = var.network
}
output "network__json" {
  value = jsonencode(var.network)
}
variable "share" {
  default = {}
  validation {
    condition     = length(setsubtract(keys(try(var.share, {})), ["name", "principals"])) == 0
    error_message = "Unknown key."
  }
}
output "share" {
  value = var.share
}
output "share__json" {
  value = jsonencode(var.share)
}
