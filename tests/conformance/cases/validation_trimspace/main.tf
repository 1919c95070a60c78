variable "path" {
  type = string
  default = "a"
  validation {
    condition     = length(trimspace(var.path)) > 0
    error_message = "Blank path."
  }
}
output "path" {
  value = var.path
}
output "path__json" {
  value = jsonencode(var.path)
}
variable "blank" {
  type = string
  default = ""
  validation {
    condition     = length(trimspace(var.blank)) == 0
    error_message = "Not blank."
  }
}
output "blank" {
  value = var.blank
}
output "blank__json" {
  value = jsonencode(var.blank)
}
variable "paths" {
  type = object({ subnets = optional(list(string), []) })
  default = {}
  validation {
    condition     = alltrue([for p in var.paths.subnets : length(trimspace(p)) > 0])
    error_message = "Blank subnet path."
  }
}
output "paths" {
  value = var.paths
}
output "paths__json" {
  value = jsonencode(var.paths)
}
variable "filters" {
  type = list(object({ filter = string }))
  default = []
  validation {
    condition     = alltrue([for f in var.filters : length(trimspace(f.filter)) >= 1])
    error_message = "Blank filter."
  }
}
output "filters" {
  value = var.filters
}
output "filters__json" {
  value = jsonencode(var.filters)
}
