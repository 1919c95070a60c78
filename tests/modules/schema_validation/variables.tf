# Every validation translation, and conditions that are not translated.

variable "enum_eq" {
  type    = string
  default = "a"
  validation {
    condition     = var.enum_eq == "a" || "b" == var.enum_eq || (var.enum_eq == "c")
    error_message = "Must be a, b or c."
  }
}

variable "enum_contains" {
  type    = number
  default = 1
  validation {
    condition     = contains([1, 2, 3], var.enum_contains)
    error_message = "Must be 1, 2 or 3."
  }
}

variable "enum_nullable" {
  type     = string
  nullable = true
  default  = "x"
  validation {
    condition     = var.enum_nullable == null || contains(["x", "y"], var.enum_nullable)
    error_message = "Must be x or y."
  }
}

variable "enum_rejects_null" {
  type     = string
  nullable = true
  default  = "x"
  validation {
    condition     = contains(["x", "y"], var.enum_rejects_null)
    error_message = "Must be x or y."
  }
}

variable "not_equal" {
  type     = string
  nullable = true
  default  = "x"
  validation {
    condition     = var.not_equal != "" && var.not_equal != "none"
    error_message = "Must not be empty or none."
  }
}

variable "not_contains" {
  type    = string
  default = "ok"
  validation {
    condition     = !contains(["admin", "root"], var.not_contains)
    error_message = "Reserved name."
  }
}

variable "ipv4" {
  type    = string
  default = "10.0.0.1"
  validation {
    condition     = can(regex("^\\d{1,3}(\\.\\d{1,3}){3}$", var.ipv4))
    error_message = "Must be an IPv4 address."
  }
}

variable "re2_features" {
  type    = string
  default = "ab C.x"
  validation {
    condition     = can(regex("\\A[[:alpha:]]+\\s\\QC.\\E?(?P<rest>.*)\\z", var.re2_features))
    error_message = "Must match."
  }
}

variable "case_insensitive" {
  type    = string
  default = "Yes"
  validation {
    condition     = can(regex("(?i)^yes$", var.case_insensitive))
    error_message = "Must be yes."
  }
}

variable "prefix_suffix" {
  type    = string
  default = "sg-1.x"
  validation {
    condition     = startswith(var.prefix_suffix, "sg-")
    error_message = "Must start with sg-."
  }
  validation {
    condition     = endswith(var.prefix_suffix, ".x")
    error_message = "Must end with .x."
  }
}

variable "port" {
  type    = number
  default = 8080
  validation {
    condition     = var.port >= 1 && var.port <= 65535
    error_message = "Must be a port."
  }
  validation {
    condition     = 1024 < var.port
    error_message = "Must not be privileged."
  }
}

variable "ratio" {
  type    = number
  default = 0.5
  validation {
    condition     = var.ratio > -0.5 && var.ratio < 1.5
    error_message = "Must be in range."
  }
}

variable "short_string" {
  type    = string
  default = "hello"
  validation {
    condition     = length(var.short_string) > 0
    error_message = "Must not be empty."
  }
  validation {
    condition     = length(var.short_string) < 8
    error_message = "Must be short."
  }
}

variable "exact_list" {
  type    = list(string)
  default = ["a", "b"]
  validation {
    condition     = length(var.exact_list) == 2
    error_message = "Must have 2 elements."
  }
}

variable "set_length" {
  type    = set(string)
  default = ["a"]
  validation {
    condition     = 0 < length(var.set_length) && 10 > length(var.set_length)
    error_message = "Must have 1 to 9 elements."
  }
}

variable "map_length" {
  type    = map(string)
  default = { a = "b" }
  validation {
    condition     = length(var.map_length) <= 3
    error_message = "At most 3 entries."
  }
}

variable "tuple_length" {
  type    = tuple([string, string])
  default = ["a", "b"]
  validation {
    condition     = length(var.tuple_length) >= 1
    error_message = "Never loosens the tuple."
  }
}

variable "object_length" {
  type    = object({ a = string, b = string })
  default = { a = "a", b = "b" }
  validation {
    condition     = length(var.object_length) > 0
    error_message = "Always true for this object."
  }
}

variable "items_enum" {
  type    = list(string)
  default = ["read"]
  validation {
    condition     = alltrue([for p in var.items_enum : contains(["read", "write"], p)])
    error_message = "Unknown permission."
  }
}

variable "items_pattern" {
  type    = set(string)
  default = ["10.0.0.0/8"]
  validation {
    condition     = alltrue([for c in var.items_pattern : can(regex("^[0-9./]+$", c))])
    error_message = "Must be CIDRs."
  }
}

variable "map_values" {
  type    = map(number)
  default = { a = 1 }
  validation {
    condition     = alltrue([for k, v in var.map_values : v >= 0])
    error_message = "Must be non-negative."
  }
}

variable "map_keys" {
  type    = map(string)
  default = { abc = "x" }
  validation {
    condition     = alltrue([for k, v in var.map_keys : can(regex("^[a-z]+$", k))])
    error_message = "Keys must be lowercase."
  }
}

variable "conditional_null" {
  type     = number
  nullable = true
  default  = null
  validation {
    condition     = var.conditional_null == null ? true : var.conditional_null > 0
    error_message = "Must be positive."
  }
}

variable "untranslated_function" {
  type    = string
  default = "10.0.0.0/16"
  validation {
    condition     = can(cidrhost(var.untranslated_function, 0))
    error_message = "Must be a CIDR."
  }
}

variable "or_bounds" {
  type    = number
  default = 1
  validation {
    condition     = var.or_bounds < 0 || var.or_bounds > 0
    error_message = "Must not be zero."
  }
}

variable "unicode_class" {
  type    = string
  default = "é"
  validation {
    condition     = can(regex("^\\pL+$", var.unicode_class))
    error_message = "Letters only."
  }
}

variable "contains_with_null" {
  type     = string
  nullable = true
  default  = "<"
  validation {
    condition     = contains(["\\", "\"", "$${abc}", "\n", "10%", null, "<", ">", "&"], var.contains_with_null)
    error_message = "Not a special character."
  }
}

variable "eq_chain_with_null" {
  type     = string
  nullable = true
  default  = "a"
  validation {
    condition     = var.eq_chain_with_null == "a" || var.eq_chain_with_null == null || var.eq_chain_with_null == "b"
    error_message = "Must be a, b or null."
  }
}

variable "not_null_and_length" {
  type     = list(number)
  nullable = true
  default  = [1]
  validation {
    condition     = var.not_null_and_length != null && length(var.not_null_and_length) > 0
    error_message = "Must not be empty."
  }
}

variable "object_attrs" {
  type = object({
    name = string
    port = number
    kind = optional(string)
  })
  default = { name = "web", port = 80, kind = "a" }
  validation {
    condition     = length(var.object_attrs.name) > 0 && var.object_attrs.port >= 1 && var.object_attrs.port <= 65535
    error_message = "Bad name or port."
  }
  validation {
    condition     = contains(["a", "b"], var.object_attrs.kind)
    error_message = "kind must be a or b (absent means null, which is refused)."
  }
}

variable "list_of_named" {
  type    = list(object({ name = string, size = number }))
  default = []
  validation {
    condition     = alltrue([for o in var.list_of_named : length(o.name) > 0 && o.size > 0])
    error_message = "Every element needs a name and a positive size."
  }
}

variable "local_bounds" {
  type    = list(string)
  default = ["eu-west-1"]
  validation {
    condition     = length(var.local_bounds) <= local.max_items
    error_message = "Too many."
  }
  validation {
    condition     = alltrue([for r in var.local_bounds : contains(local.regions, r)])
    error_message = "Unknown region."
  }
}

variable "local_computed" {
  type    = string
  default = "X"
  validation {
    condition     = var.local_computed == local.computed
    error_message = "A local computed from constants is read as its value."
  }
}

variable "regexall_some" {
  type    = string
  default = "a-1"
  validation {
    condition     = length(regexall("[0-9]", var.regexall_some)) > 0
    error_message = "Must contain a digit."
  }
  validation {
    condition     = length(regexall("\\s", var.regexall_some)) == 0 && var.regexall_some != "a-0"
    error_message = "Must not contain whitespace, and must not be a-0."
  }
}

variable "or_nested" {
  type    = list(string)
  default = []
  validation {
    condition     = length(var.or_nested) == 0 || alltrue([for s in var.or_nested : s == "a"])
    error_message = "Empty, or only a."
  }
}

variable "or_mixed" {
  type    = string
  default = "a"
  validation {
    condition     = var.or_mixed == "a" || startswith(var.or_mixed, "b-") || length(var.or_mixed) > 10
    error_message = "a, b-…, or long."
  }
}
