variable "ids" {
  type = object({ a = optional(list(string)), b = optional(list(string)) })
  default = { a = ["x"] }
  validation {
    condition     = (try(length(var.ids.a), 0) > 0 && !(try(length(var.ids.b), 0) > 0)) || (!(try(length(var.ids.a), 0) > 0) && try(length(var.ids.b), 0) > 0)
    error_message = "Exactly one of a and b."
  }
}
output "ids" {
  value = var.ids
}
output "ids__json" {
  value = jsonencode(var.ids)
}
variable "port" {
  type = object({ n = optional(number) })
  default = { n = 1 }
  validation {
    condition     = try(var.port.n, 0) >= 1
    error_message = "Port from 1."
  }
}
output "port" {
  value = var.port
}
output "port__json" {
  value = jsonencode(var.port)
}
variable "named" {
  type = map(object({ name = optional(string) }))
  default = {}
  validation {
    condition     = alltrue([for k, v in var.named : try(startswith(v.name, "x"), true)])
    error_message = "Names start with x."
  }
}
output "named" {
  value = var.named
}
output "named__json" {
  value = jsonencode(var.named)
}
variable "level" {
  type = object({ x = optional(object({ y = optional(number) })) })
  default = { x = { y = 1 } }
  validation {
    condition     = try(var.level.x.y, "none") != "none"
    error_message = "Level needs x.y."
  }
}
output "level" {
  value = var.level
}
output "level__json" {
  value = jsonencode(var.level)
}
