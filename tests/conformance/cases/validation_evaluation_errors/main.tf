variable "zones" {
  type = object({a = list(object({name = string, public = optional(bool)})), b = optional(list(object({name = string, public = optional(bool)})))})
  default = { a = [] }
  validation {
    condition     = alltrue([for k, v in var.zones : v != null ? length([for s in v : s.name if s.public]) <= 1 : true])
    error_message = "At most one public subnet per zone."
  }
}
output "zones" {
  value = var.zones
}
output "zones__json" {
  value = jsonencode(var.zones)
}
variable "acls" {
  type = list(object({name = string, rules = list(object({action = string}))}))
  default = []
  validation {
    condition     = length(distinct(flatten([for r in flatten(var.acls[*].rules) : false if !contains(["allow", "deny"], r.action)]))) == 0
    error_message = "Bad action."
  }
}
output "acls" {
  value = var.acls
}
output "acls__json" {
  value = jsonencode(var.acls)
}
variable "csv" {
  type = string
  default = "a,b"
  validation {
    condition     = length(split(",", var.csv)) == length(distinct(split(",", var.csv)))
    error_message = "Repeated item."
  }
}
output "csv" {
  value = var.csv
}
output "csv__json" {
  value = jsonencode(var.csv)
}
variable "enabled" {
  type = bool
  default = false
}
output "enabled" {
  value = var.enabled
}
output "enabled__json" {
  value = jsonencode(var.enabled)
}
variable "key" {
  type = string
  default = null
  validation {
    condition     = !(var.enabled && var.key == null)
    error_message = "A key is needed when enabled."
  }
}
output "key" {
  value = var.key
}
output "key__json" {
  value = jsonencode(var.key)
}
