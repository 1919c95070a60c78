# Conditions whose evaluation fails on some inputs: each error is reported where Terraform
# points (the argument, the operand, the step, the call).

locals {
  zones = ["a", "b", "c"]
  zone_by_name = { for z in local.zones : z => upper(z) }
}

variable "cidr" {
  type = string
  validation {
    condition     = cidrhost(var.cidr, 1) != ""
    error_message = "Not a CIDR block."
  }
}

variable "name" {
  type = string
  validation {
    condition     = length(regex("^[a-z]+", var.name)) > 0
    error_message = "Bad name."
  }
}

variable "parts" {
  type = string
  validation {
    condition = tonumber(split("/", var.parts)[1]) <= 32
    error_message = "Bad parts."
  }
}

variable "settings" {
  type = any
  validation {
    condition     = var.settings.mode == "fast" || var.settings.level > 1
    error_message = "Bad settings."
  }
}

variable "count_limit" {
  type    = number
  default = 1
  validation {
    condition     = var.count_limit + 1 > 0
    error_message = "Bad count."
  }
}

variable "maybe" {
  type    = bool
  default = true
  validation {
    condition     = var.maybe ? true : false
    error_message = "Bad maybe."
  }
}

variable "items" {
  type    = list(string)
  default = []
  validation {
    condition = alltrue([
      for i in var.items : length(i) > 0
    ])
    error_message = "Bad items."
  }
}

variable "tags" {
  type    = map(string)
  default = {}
  validation {
    condition     = contains(keys(var.tags), "owner") || length(var.tags) == 0
    error_message = "Tags need an owner, not ${join(", ", keys(var.tags))}."
  }
}

variable "zone" {
  type    = string
  default = "a"
  validation {
    condition     = local.zone_by_name[var.zone] != ""
    error_message = "Unknown zone."
  }
}

variable "port" {
  type    = string
  default = "80"
  validation {
    condition     = tonumber(var.port) > 0 && tonumber(var.port) < 65536
    error_message = "Bad port."
  }
}

variable "label" {
  type    = string
  default = "7"
  validation {
    condition     = length(format("%d", var.label)) > 0
    error_message = "Bad label."
  }
}

variable "nested" {
  type = object({
    inner = optional(object({
      size = number
    }))
  })
  default = { inner = { size = 1 } }
  validation {
    condition     = var.nested.inner.size > 0
    error_message = "Bad nested."
  }
}

variable "email" {
  type    = string
  default = "a@b.c"
  validation {
    condition = (
      length(split("@", var.email)) == 2 &&
      length(split(".", split("@", var.email)[1])) > 1
    )
    error_message = "Bad email."
  }
}

variable "result_kind" {
  type    = string
  default = "true"
  validation {
    condition     = var.result_kind
    error_message = "Bad result kind."
  }
}

variable "flags" {
  type    = list(bool)
  default = [true]
  validation {
    condition     = !var.flags[0]  || length(var.flags) > 0
    error_message = "Bad flags."
  }
}

variable "neg" {
  type    = string
  default = "1"
  validation {
    condition     = -var.neg < 0
    error_message = "Bad neg."
  }
}
