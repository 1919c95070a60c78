variable "allowed" {
  type = string
  default = "K"
  validation {
    condition     = contains(["\u00e9", "K", ";", "\u00e1"], var.allowed)
    error_message = "Not allowed."
  }
}
output "allowed" {
  value = var.allowed
}
output "allowed__json" {
  value = jsonencode(var.allowed)
}
variable "pattern" {
  type = string
  default = "a"
  validation {
    condition     = can(regex("^[a-z\u00e9;K]+$", var.pattern))
    error_message = "No match."
  }
}
output "pattern" {
  value = var.pattern
}
output "pattern__json" {
  value = jsonencode(var.pattern)
}
variable "forbidden" {
  type = string
  default = "a"
  validation {
    condition     = !can(regex("e|;", var.forbidden))
    error_message = "Forbidden."
  }
}
output "forbidden" {
  value = var.forbidden
}
output "forbidden__json" {
  value = jsonencode(var.forbidden)
}
variable "substring" {
  type = string
  default = "K"
  validation {
    condition     = strcontains(var.substring, "K")
    error_message = "No K."
  }
}
output "substring" {
  value = var.substring
}
output "substring__json" {
  value = jsonencode(var.substring)
}
variable "short" {
  type = string
  default = "a"
  validation {
    condition     = length(var.short) <= 1
    error_message = "Too long."
  }
}
output "short" {
  value = var.short
}
output "short__json" {
  value = jsonencode(var.short)
}
variable "keys" {
  type = map(string)
  default = {}
  validation {
    condition     = alltrue([for k in keys(var.keys) : contains(["\u00e9", "K"], k)])
    error_message = "Bad key."
  }
}
output "keys" {
  value = var.keys
}
output "keys__json" {
  value = jsonencode(var.keys)
}
variable "has_key" {
  type = map(string)
  default = { K = "v" }
  validation {
    condition     = contains(keys(var.has_key), "K")
    error_message = "No key K."
  }
}
output "has_key" {
  value = var.has_key
}
output "has_key__json" {
  value = jsonencode(var.has_key)
}
variable "attr" {
  type = object({ K = string })
  default = { K = "v" }
}
output "attr" {
  value = var.attr
}
output "attr__json" {
  value = jsonencode(var.attr)
}
variable "untyped" {
  default = "K"
  validation {
    condition     = contains(["\u00e9", "K"], var.untyped)
    error_message = "Not allowed."
  }
}
output "untyped" {
  value = var.untyped
}
output "untyped__json" {
  value = jsonencode(var.untyped)
}
variable "items" {
  type = list(string)
  default = []
  validation {
    condition     = alltrue([for s in var.items : can(regex("^[a-z\u00e9]+$", s))])
    error_message = "No match."
  }
}
output "items" {
  value = var.items
}
output "items__json" {
  value = jsonencode(var.items)
}
