variable "hubs" {
  type = map(object({ capture = optional(object({ encoding = string, size = optional(number), target = object({ name = optional(string, "blob") }) })), status = optional(string) }))
  default = {}
  validation {
    condition     = can([for k, c in var.hubs : (c.capture == null ? true : contains(["Avro", "AvroDeflate"], c.capture.encoding))])
    error_message = "Bad encoding."
  }
  validation {
    condition     = can([for k, c in var.hubs : (c.capture == null ? true : c.capture.size == null ? true : c.capture.size >= 10 && c.capture.size <= 100)])
    error_message = "Bad size."
  }
  validation {
    condition     = can([for k, c in var.hubs : (c.capture == null ? true : c.capture.target.name == null ? true : c.capture.target.name == "blob")])
    error_message = "Bad target."
  }
  validation {
    condition     = can([for c in values(var.hubs) : c.status == null ? true : contains(["on", "off"], c.status)])
    error_message = "Bad status."
  }
}
output "hubs" {
  value = var.hubs
}
output "hubs__json" {
  value = jsonencode(var.hubs)
}
variable "items" {
  type = list(object({ name = optional(string), on = optional(bool) }))
  default = []
  validation {
    condition     = can([for o in var.items : startswith(o.name, "x") if o.on])
    error_message = "Bad item."
  }
}
output "items" {
  value = var.items
}
output "items__json" {
  value = jsonencode(var.items)
}
variable "tags" {
  type = map(string)
  default = {}
  validation {
    condition     = can([for k, v in var.tags : regex("^[a-z]+$", v)])
    error_message = "Bad tag."
  }
}
output "tags" {
  value = var.tags
}
output "tags__json" {
  value = jsonencode(var.tags)
}
variable "limits" {
  type = object({ max = optional(number) })
  default = { max = 1 }
  validation {
    condition     = can(var.limits.max >= 1)
    error_message = "Bad limits."
  }
}
output "limits" {
  value = var.limits
}
output "limits__json" {
  value = jsonencode(var.limits)
}
