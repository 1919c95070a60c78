variable "names" {
  type = list(string)
  default = []
  validation {
    condition     = length(setsubtract(var.names, ["a", "b"])) == 0
    error_message = "Unknown name."
  }
}
output "names" {
  value = var.names
}
output "names__json" {
  value = jsonencode(var.names)
}
variable "tags" {
  type = map(string)
  default = {}
  validation {
    condition     = 0 == length(setsubtract(keys(var.tags), ["env", "team"]))
    error_message = "Unknown tag."
  }
}
output "tags" {
  value = var.tags
}
output "tags__json" {
  value = jsonencode(var.tags)
}
variable "conf" {
  type = object({ modes = optional(set(string), []) })
  default = {}
  validation {
    condition     = length(setsubtract(var.conf.modes, ["r", "w"])) < 1
    error_message = "Unknown mode."
  }
}
output "conf" {
  value = var.conf
}
output "conf__json" {
  value = jsonencode(var.conf)
}
variable "ports" {
  type = list(string)
  default = []
  validation {
    condition     = length(setsubtract(var.ports, ["80", "443"])) == 0
    error_message = "Unknown port."
  }
}
output "ports" {
  value = var.ports
}
output "ports__json" {
  value = jsonencode(var.ports)
}
variable "zones" {
  type = list(string)
  default = []
  validation {
    condition     = toset(["1", "2", "3"]) == setunion(var.zones, ["3", "2", "1", "1"])
    error_message = "Unknown zone."
  }
}
output "zones" {
  value = var.zones
}
output "zones__json" {
  value = jsonencode(var.zones)
}
variable "sites" {
  type = set(string)
  default = []
  validation {
    condition     = setunion(["x", "y"], var.sites) == toset(["x", "y"])
    error_message = "Unknown site."
  }
}
output "sites" {
  value = var.sites
}
output "sites__json" {
  value = jsonencode(var.sites)
}
