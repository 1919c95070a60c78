variable "s" {
  type = string
  default = "s"
  sensitive = true
}
output "s" {
  value = var.s
  sensitive = true
}
output "s__json" {
  value = jsonencode(var.s)
  sensitive = true
}
variable "se" {
  type = string
  default = "s"
  sensitive = true
  ephemeral = true
}
variable "e" {
  type = string
  default = "e"
  ephemeral = true
  validation {
    condition     = var.e == "e"
    error_message = "Got ${var.e}."
  }
}
variable "v" {
  type = string
  default = "ok"
  validation {
    condition     = var.v == "ok"
    error_message = "Other ${var.s}."
  }
  validation {
    condition     = var.v == "ok"
    error_message = "Other ${var.se}."
  }
}
output "v" {
  value = var.v
}
output "v__json" {
  value = jsonencode(var.v)
}
