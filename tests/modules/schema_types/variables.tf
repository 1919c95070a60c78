# Every type form, nullable forms, defaults and descriptions.

variable "a_string" {
  type        = string
  description = "A plain string"
}

variable "a_number" {
  type    = number
  default = 10
}

variable "a_bool" {
  type     = bool
  default  = true
  nullable = false
}

variable "untyped" {
  description = "No type at all"
}

variable "untyped_nullable" {
  nullable = true
  default  = null
}

variable "explicit_any" {
  type    = any
  default = { a = [1, "x"] }
}

variable "list_of_any" {
  type    = list(any)
  default = []
}

variable "a_list" {
  type    = list(string)
  default = ["a", "b"]
}

variable "a_set" {
  type    = set(number)
  default = [3, 1, 2, 1]
}

variable "a_map" {
  type     = map(bool)
  default  = { yes = true, no = false }
  nullable = true
}

variable "a_tuple" {
  type    = tuple([string, number, bool])
  default = ["a", 1, false]
}

variable "empty_object" {
  type    = object({})
  default = {}
}

variable "an_object" {
  type = object({
    name    = string
    port    = optional(number, 8080)
    tags    = optional(map(string))
    enabled = optional(bool, true)
    nested = optional(object({
      depth = optional(number, 7)
      label = string
    }), { label = "top" })
  })
  description = <<-EOT
    An object with optional attributes.
    Heredoc descriptions keep their "quotes" & <angle> brackets.
  EOT
  default = {
    name = "web"
  }
}

variable "list_of_objects" {
  type = list(object({
    id   = string
    size = optional(number, 1)
  }))
  default  = [{ id = "a" }, { id = "b", size = 2 }]
  nullable = true
}

variable "map_of_lists" {
  type = map(list(object({ x = number })))
}

variable "set_of_objects" {
  type    = set(object({ n = string, p = optional(number) }))
  default = []
}

variable "dashed-name" {
  type        = string
  default     = "with-dash"
  description = "Names may contain dashes"
}

variable "big_numbers" {
  type = object({
    big      = number
    precise  = number
    tiny     = number
    huge     = number
    negative = number
  })
  default = {
    big      = 123456789012345678901234567890
    precise  = 9007199254740993
    tiny     = 0.000000000000000000000000000001
    huge     = 1.5e300
    negative = -12.50
  }
}

variable "string_from_number" {
  type    = string
  default = 1.50
}

variable "secret" {
  type      = string
  sensitive = true
  ephemeral = true
}

variable "empty_tuple" {
  type    = tuple([])
  default = []
}
