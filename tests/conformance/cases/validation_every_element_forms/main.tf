variable "rules" {
  type = list(object({ direction = string }))
  default = []
  validation {
    condition     = (var.rules == null || length(var.rules) == 0) ? true : length(distinct(flatten([for r in var.rules : false if !contains(["in", "out"], r.direction)]))) == 0
    error_message = "Bad direction."
  }
}
output "rules" {
  value = var.rules
}
output "rules__json" {
  value = jsonencode(var.rules)
}
variable "dbs" {
  type = map(object({ name = string }))
  default = {}
  validation {
    condition     = alltrue([for k in keys(var.dbs) : can(regex("^[a-z]{1,8}$", var.dbs[k].name))])
    error_message = "Bad name."
  }
}
output "dbs" {
  value = var.dbs
}
output "dbs__json" {
  value = jsonencode(var.dbs)
}
variable "tags" {
  type = list(string)
  default = []
  validation {
    condition     = length(var.tags) == 0 || alltrue([for t in var.tags : t == "a"])
    error_message = "Only a."
  }
}
output "tags" {
  value = var.tags
}
output "tags__json" {
  value = jsonencode(var.tags)
}
