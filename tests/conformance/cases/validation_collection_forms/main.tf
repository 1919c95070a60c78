variable "peerings" {
  type = map(object({ local = optional(list(string)), remote = optional(list(string)) }))
  default = {}
  validation {
    condition     = alltrue([for _, p in var.peerings : alltrue(concat([for a in coalesce(p.local, []) : can(cidrhost(a, 0))], [for a in coalesce(p.remote, []) : can(cidrhost(a, 0))]))])
    error_message = "Bad prefix."
  }
}
output "peerings" {
  value = var.peerings
}
output "peerings__json" {
  value = jsonencode(var.peerings)
}
variable "capacity" {
  type = map(object({ weight = number }))
  default = {}
  validation {
    condition     = !contains(["FARGATE", "FARGATE_SPOT"], keys(var.capacity))
    error_message = "Reserved name."
  }
}
output "capacity" {
  value = var.capacity
}
output "capacity__json" {
  value = jsonencode(var.capacity)
}
