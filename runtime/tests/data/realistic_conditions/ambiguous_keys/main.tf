# An object key written as a bare traversal (`{ var.name = 1 }`) is refused by HCL when it is
# evaluated, not when it is parsed: only the cases that reach it fail.

variable "name" {
  type    = string
  default = ""

  validation {
    condition     = var.name == "" ? true : length({ var.name = 1 }) == 1
    error_message = "The name is checked."
  }
}

variable "owner" {
  type    = string
  default = ""
}

variable "label" {
  type    = string
  default = ""

  validation {
    condition     = length(local.labels) < 10 || can({ var.label = 1 })
    error_message = "Too many labels."
  }
}

variable "items" {
  type    = list(string)
  default = []

  validation {
    condition     = length([for i in var.items : { var.items = i }]) < 5
    error_message = "Too many items."
  }
}

variable "fallback" {
  type    = string
  default = "x"

  validation {
    condition     = try({ var.fallback = 1 }, var.fallback) != ""
    error_message = "The fallback must not be empty."
  }
}

locals {
  labels = var.owner != "" ? { var.owner = "x" } : {}
}
