variable "policy" {
  type = map(object({ a = optional(set(string), []), b = optional(list(string), []), c = optional(string, "") }))
  default = {}
  validation {
    condition     = alltrue([for k, v in var.policy : length(v.a) + length(v.b) + length(v.c) > 0])
    error_message = "Something must be set."
  }
  validation {
    condition     = alltrue([for k, v in var.policy : setintersection(["Get", "List"], v.a) == v.a])
    error_message = "Unknown permission."
  }
}
output "policy" {
  value = var.policy
}
output "policy__json" {
  value = jsonencode(var.policy)
}
variable "perms" {
  type = set(string)
  default = []
  validation {
    condition     = setintersection(var.perms, ["read", "write"]) == var.perms
    error_message = "Unknown permission."
  }
}
output "perms" {
  value = var.perms
}
output "perms__json" {
  value = jsonencode(var.perms)
}
variable "pair" {
  type = object({ x = optional(list(string)), y = optional(list(string)) })
  default = { x = [], y = [] }
  validation {
    condition     = length(var.pair.x) + length(var.pair.y) == 0
    error_message = "Both empty."
  }
}
output "pair" {
  value = var.pair
}
output "pair__json" {
  value = jsonencode(var.pair)
}
variable "not_one" {
  type = list(string)
  default = []
  validation {
    condition     = length(var.not_one) != 1
    error_message = "Not one."
  }
}
output "not_one" {
  value = var.not_one
}
output "not_one__json" {
  value = jsonencode(var.not_one)
}
variable "not_empty" {
  type = string
  default = "x"
  validation {
    condition     = length(var.not_empty) != 0
    error_message = "Not empty."
  }
}
output "not_empty" {
  value = var.not_empty
}
output "not_empty__json" {
  value = jsonencode(var.not_empty)
}
