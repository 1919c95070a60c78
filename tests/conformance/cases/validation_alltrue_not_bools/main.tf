variable "routes" {
  type = map(object({ next_hop_type = string }))
  default = {}
  validation {
    condition     = alltrue([for _, route in var.routes : [contains(["ResourceId"], route.next_hop_type)]])
    error_message = "ResourceId only."
  }
}
output "routes" {
  value = var.routes
}
output "routes__json" {
  value = jsonencode(var.routes)
}
variable "names" {
  type = list(string)
  default = []
  validation {
    condition     = alltrue([for n in var.names : { ok = n != "" }])
    error_message = "Not empty."
  }
}
output "names" {
  value = var.names
}
output "names__json" {
  value = jsonencode(var.names)
}
