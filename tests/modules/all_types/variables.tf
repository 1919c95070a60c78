variable "name" {
  type        = string
  description = "The deployment name."
}

variable "count_of" {
  type    = number
  default = 3
}

variable "enabled" {
  type    = bool
  default = true
}

variable "tags" {
  type    = map(string)
  default = {}
}

variable "zones" {
  type = list(string)
}

variable "ports" {
  type    = set(number)
  default = []
}

variable "pair" {
  type    = tuple([string, number])
  default = ["a", 1]
}

variable "anything" {
  type    = any
  default = null
}

variable "untyped" {
  default = "x"
}

variable "type" {
  type        = string
  default     = "standard"
  description = <<-EOT
    A keyword as a name.
    Heredoc descriptions keep their lines.
  EOT
}

variable "self" {
  type    = string
  default = null
}

variable "with-dash" {
  type    = string
  default = "d"
}

variable "with_dash" {
  type    = string
  default = "u"
}

variable "password" {
  type      = string
  sensitive = true
}

variable "token" {
  type      = string
  default   = null
  sensitive = true
  ephemeral = true
}

variable "strict" {
  type     = string
  default  = "s"
  nullable = false
}

variable "server" {
  type = object({
    host = string
    port = optional(number, 443)
    tls = optional(object({
      cert = string
      key  = optional(string)
    }))
    labels = optional(map(string), {})
  })
}

variable "pools" {
  type = map(object({
    size  = number
    zones = set(string)
  }))
  default = {}
}

variable "rules" {
  type = set(object({
    port  = number
    proto = optional(string, "tcp")
  }))
  default = []
}

variable "loose" {
  type    = set(any)
  default = []
}

variable "mixed" {
  type    = tuple([object({ a = string }), list(object({ a = string }))])
  default = null
}
