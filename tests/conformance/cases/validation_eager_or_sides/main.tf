variable "kind" {
  type = string
  default = "Default"
}
output "kind" {
  value = var.kind
}
output "kind__json" {
  value = jsonencode(var.kind)
}
variable "hub" {
  type = object({ resource_id = optional(string) })
  default = { resource_id = null }
  validation {
    condition     = var.kind == "Project" || var.hub.resource_id == null
    error_message = "Only for projects."
  }
  validation {
    condition     = var.kind != "Project" || var.hub.resource_id != null
    error_message = "Projects need one."
  }
}
output "hub" {
  value = var.hub
}
output "hub__json" {
  value = jsonencode(var.hub)
}
variable "pool" {
  type = object({ mode = optional(string), size = optional(number) })
  default = { size = 3 }
  validation {
    condition     = var.pool.mode == "fixed" || var.pool.size > 2
    error_message = "Too small."
  }
}
output "pool" {
  value = var.pool
}
output "pool__json" {
  value = jsonencode(var.pool)
}
