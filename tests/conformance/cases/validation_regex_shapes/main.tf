variable "admin" {
  type = string
  default = "bob"
  validation {
    condition     = !can(regex("^(administrator|admin|user[12]|1|a)$", lower(var.admin)))
    error_message = "Reserved."
  }
}
output "admin" {
  value = var.admin
}
output "admin__json" {
  value = jsonencode(var.admin)
}
variable "on_off" {
  type = string
  default = "on"
  validation {
    condition     = can(regex("^(ON|OFF)$", upper(var.on_off)))
    error_message = "Bad switch."
  }
}
output "on_off" {
  value = var.on_off
}
output "on_off__json" {
  value = jsonencode(var.on_off)
}
variable "repos" {
  type = map(object({ url = optional(string) }))
  default = {}
  validation {
    condition     = alltrue([for k, v in var.repos : try(length(regex("^https://.*\\.git$", v.url)) > 0, false)])
    error_message = "Bad url."
  }
}
output "repos" {
  value = var.repos
}
output "repos__json" {
  value = jsonencode(var.repos)
}
