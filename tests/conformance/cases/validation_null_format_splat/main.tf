variable "dbs" {
  type = map(object({ name = optional(string) }))
  default = {}
  nullable = false
  validation {
    condition     = alltrue([for k in keys(var.dbs) : can(regex("^[a-z]+$", var.dbs[k].name))])
    error_message = format("Bad names: %s", join(", ", [for k in keys(var.dbs) : format("%s -> %s", k, var.dbs[k].name) if !can(regex("^[a-z]+$", var.dbs[k].name))]))
  }
}
output "dbs" {
  value = var.dbs
}
output "dbs__json" {
  value = jsonencode(var.dbs)
}
variable "tags" {
  type = map(object({ value = optional(string) }))
  default = {}
  nullable = false
  validation {
    condition     = alltrue([for t in values(var.tags) : t.value != ""])
    error_message = format("Empty values: %v", join(", ", [for k, t in var.tags : format("%s=%v", k, t.value)]))
  }
}
output "tags" {
  value = var.tags
}
output "tags__json" {
  value = jsonencode(var.tags)
}
variable "acls" {
  type = list(object({ rules = list(object({ action = string })) }))
  default = []
  validation {
    condition     = length([for r in flatten(var.acls[*].rules) : r if !contains(["allow", "deny"], r.action)]) == 0
    error_message = "Actions are allow or deny."
  }
}
output "acls" {
  value = var.acls
}
output "acls__json" {
  value = jsonencode(var.acls)
}
variable "name" {
  type = string
  default = "a"
  validation {
    condition     = length(var.name[*]) < 2
    error_message = "One name."
  }
}
output "name" {
  value = var.name
}
output "name__json" {
  value = jsonencode(var.name)
}
variable "named" {
  type = object({ name = optional(string), ok = bool })
  default = { ok = true, name = "n" }
  validation {
    condition     = var.named.ok
    error_message = "Name ${var.named.name} is not ok."
  }
}
output "named" {
  value = var.named
}
output "named__json" {
  value = jsonencode(var.named)
}
