variable "name" {
  type = string
  default = "ok"
  validation {
    condition     = length(var.name) >= 2
    error_message = "Name too short: ${var.name}."
  }
}
output "name" {
  value = var.name
}
output "name__json" {
  value = jsonencode(var.name)
}
variable "port" {
  type = number
  default = 80
  validation {
    condition     = var.port >= 1 && var.port <= 65535
    error_message = "Port out of range."
  }
  validation {
    condition     = var.port != 22
    error_message = "Port 22 is reserved."
  }
}
output "port" {
  value = var.port
}
output "port__json" {
  value = jsonencode(var.port)
}
variable "cond" {
  type = string
  default = null
  validation {
    condition     = var.cond == null ? true : startswith(var.cond, "b")
    error_message = "Must start with b."
  }
}
output "cond" {
  value = var.cond
}
output "cond__json" {
  value = jsonencode(var.cond)
}
variable "tags" {
  type = map(string)
  default = {}
  validation {
    condition     = alltrue([for k, v in var.tags : can(regex("^[a-z]+$", k))])
    error_message = "Tag keys must be lowercase letters."
  }
  validation {
    condition     = length(var.tags) <= 3
    error_message = "At most 3 tags."
  }
}
output "tags" {
  value = var.tags
}
output "tags__json" {
  value = jsonencode(var.tags)
}
variable "min" {
  type = number
  default = 5
}
output "min" {
  value = var.min
}
output "min__json" {
  value = jsonencode(var.min)
}
variable "above" {
  type = number
  default = 10
  validation {
    condition     = var.above >= var.min
    error_message = "above (${var.above}) must be >= min (${var.min})."
  }
}
output "above" {
  value = var.above
}
output "above__json" {
  value = jsonencode(var.above)
}
variable "items" {
  type = list(object({ n = string, size = optional(number, 1) }))
  default = []
  validation {
    condition     = alltrue([for i in var.items : i.size > 0])
    error_message = "Every size must be positive."
  }
  validation {
    condition     = length(distinct([for i in var.items : i.n])) == length(var.items)
    error_message = "Names must be unique."
  }
}
output "items" {
  value = var.items
}
output "items__json" {
  value = jsonencode(var.items)
}
variable "bad_default" {
  type = string
  default = "x"
  validation {
    condition     = var.bad_default != "x"
    error_message = "The default is not allowed."
  }
}
output "bad_default" {
  value = var.bad_default
}
output "bad_default__json" {
  value = jsonencode(var.bad_default)
}
