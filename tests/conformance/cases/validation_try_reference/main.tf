variable "mode" {
  type = string
  default = "http403"
  validation {
    condition     = var.mode == null || contains(["http401WithBearerChallenge", "http403"], try(var.mode, ""))
    error_message = "Bad mode."
  }
}
output "mode" {
  value = var.mode
}
output "mode__json" {
  value = jsonencode(var.mode)
}
variable "level" {
  type = string
  default = "x"
  validation {
    condition     = contains(["x", "y"], try(var.level, "x"))
    error_message = "Bad level."
  }
}
output "level" {
  value = var.level
}
output "level__json" {
  value = jsonencode(var.level)
}
variable "names" {
  type = list(string)
  default = []
  validation {
    condition     = alltrue([for n in try(var.names, []) : length(try(n, "")) > 1])
    error_message = "Short name."
  }
}
output "names" {
  value = var.names
}
output "names__json" {
  value = jsonencode(var.names)
}
variable "region" {
  type = string
  default = "a"
  validation {
    condition     = var.zone == null || try(var.region, "") != ""
    error_message = "A zone needs a region."
  }
}
output "region" {
  value = var.region
}
output "region__json" {
  value = jsonencode(var.region)
}
variable "zone" {
  type = string
  default = null
}
output "zone" {
  value = var.zone
}
output "zone__json" {
  value = jsonencode(var.zone)
}
