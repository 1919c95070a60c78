# Rules over text that NFC could change: Terraform judges the NFC form of every string and key
# (`e` + U+0301 is `é`, U+212A KELVIN SIGN is `K`), a schema the text as given. With
# `--terraform-conversions` such text passes these rules unchecked; the strict schema is
# terraschema's.

variable "allowed" {
  type    = string
  default = "K"
  validation {
    condition     = contains(["é", "K"], var.allowed)
    error_message = "One of é, K."
  }
}

variable "ascii_allowed" {
  type    = string
  default = "a"
  validation {
    condition     = contains(["a", "b"], var.ascii_allowed)
    error_message = "No other text has a or b as its NFC form: no escape."
  }
}

variable "plain_pattern" {
  type    = string
  default = "a-1"
  validation {
    condition     = can(regex("^[a-z0-9-]+$", var.plain_pattern))
    error_message = "Only ASCII without K, ; or ` matches: no escape."
  }
}

variable "pattern" {
  type    = string
  default = "é"
  validation {
    condition     = can(regex("^[a-zé]+$", var.pattern))
    error_message = "Lower-case letters."
  }
}

variable "forbidden" {
  type    = string
  default = "a"
  validation {
    condition     = !can(regex("e", var.forbidden))
    error_message = "No e."
  }
}

variable "substring" {
  type    = string
  default = "OK"
  validation {
    condition     = strcontains(var.substring, "K")
    error_message = "A K (left out of the strict schema: U+212A is K in NFC)."
  }
}

variable "short" {
  type    = string
  default = "a"
  validation {
    condition     = length(var.short) <= 3
    error_message = "Three grapheme clusters at most."
  }
}

variable "keys" {
  type    = map(string)
  default = {}
  validation {
    condition     = alltrue([for k in keys(var.keys) : can(regex("^[a-zé]+$", k))])
    error_message = "Lower-case keys."
  }
}

variable "has_key" {
  type    = map(string)
  default = { K = "v" }
  validation {
    condition     = contains(keys(var.has_key), "K")
    error_message = "A key K."
  }
}

variable "attr" {
  type    = object({ K = string })
  default = { K = "v" }
}

variable "untyped" {
  default = "K"
  validation {
    condition     = contains(["é", "K"], var.untyped)
    error_message = "One of é, K."
  }
}
