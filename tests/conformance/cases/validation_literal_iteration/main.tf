variable "subnets" {
  type = map(number)
  default = { agents = 1, private_endpoints = 2 }
  validation {
    condition     = alltrue([for k in ["agents", "private_endpoints"] : contains(keys(var.subnets), k)])
    error_message = "Needs agents and private_endpoints."
  }
}
output "subnets" {
  value = var.subnets
}
output "subnets__json" {
  value = jsonencode(var.subnets)
}
variable "endpoint" {
  type = string
  default = "a.example.com"
  validation {
    condition     = anytrue([for r in ["us-south", "eu-de"] : can(regex("^(?:private\\.${r}\\.)?a\\.example\\.com$", var.endpoint))])
    error_message = "Not an endpoint."
  }
}
output "endpoint" {
  value = var.endpoint
}
output "endpoint__json" {
  value = jsonencode(var.endpoint)
}
variable "cells" {
  type = map(string)
  default = {}
  validation {
    condition     = alltrue([for _, k in keys(var.cells) : can(regex("^[a-z][a-z]-[a-z]+-[1-9]$", k))])
    error_message = "Bad region."
  }
}
output "cells" {
  value = var.cells
}
output "cells__json" {
  value = jsonencode(var.cells)
}
variable "pairs" {
  type = list(string)
  default = ["a", "b"]
  validation {
    condition     = alltrue([for i, s in ["a", "b"] : var.pairs[i] == s])
    error_message = "Not a then b."
  }
}
output "pairs" {
  value = var.pairs
}
output "pairs__json" {
  value = jsonencode(var.pairs)
}
variable "processors" {
  type = number
  default = 2
  validation {
    condition     = var.processors == floor(var.processors)
    error_message = "A whole number of processors."
  }
}
output "processors" {
  value = var.processors
}
output "processors__json" {
  value = jsonencode(var.processors)
}
variable "memory" {
  type = number
  default = null
  validation {
    condition     = var.memory == null ? true : ceil(var.memory) == var.memory
    error_message = "A whole number."
  }
}
output "memory" {
  value = var.memory
}
output "memory__json" {
  value = jsonencode(var.memory)
}
variable "flags" {
  type = map(bool)
  default = {}
  validation {
    condition     = anytrue([for k in ["x", "y"] : lookup(var.flags, k, false)]) || length(var.flags) == 0
    error_message = "x or y."
  }
}
output "flags" {
  value = var.flags
}
output "flags__json" {
  value = jsonencode(var.flags)
}
