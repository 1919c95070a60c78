variable "mode" {
  type = string
  default = "a"
  validation {
    condition     = anytrue([var.mode == "a", var.mode == "b", startswith(var.mode, "x-")])
    error_message = "Bad mode."
  }
}
output "mode" {
  value = var.mode
}
output "mode__json" {
  value = jsonencode(var.mode)
}
variable "port" {
  type = number
  default = 80
  validation {
    condition     = anytrue([var.port == 80, var.port == 443, var.port >= 8000 && var.port <= 8999])
    error_message = "Bad port."
  }
}
output "port" {
  value = var.port
}
output "port__json" {
  value = jsonencode(var.port)
}
variable "flags" {
  type = object({ a = optional(bool), b = optional(bool) })
  default = { a = true }
  validation {
    condition     = anytrue([var.flags.a == true, var.flags.b == true])
    error_message = "Set a flag."
  }
}
output "flags" {
  value = var.flags
}
output "flags__json" {
  value = jsonencode(var.flags)
}
variable "name" {
  type = string
  default = null
  validation {
    condition     = anytrue([var.name == null, can(regex("^[a-z]+$", var.name))])
    error_message = "Bad name."
  }
}
output "name" {
  value = var.name
}
output "name__json" {
  value = jsonencode(var.name)
}
variable "size" {
  type = string
  default = "s"
  validation {
    condition     = anytrue([startswith(var.size, "s"), endswith(var.size, "l")])
    error_message = "Bad size."
  }
}
output "size" {
  value = var.size
}
output "size__json" {
  value = jsonencode(var.size)
}
variable "enabled" {
  type = bool
  default = true
  validation {
    condition     = anytrue([var.enabled, var.port == 443])
    error_message = "Off."
  }
}
output "enabled" {
  value = var.enabled
}
output "enabled__json" {
  value = jsonencode(var.enabled)
}
