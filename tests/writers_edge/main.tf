# Strings the writers must escape (or must not) for each way of handing values to Terraform:
# `tests/examples_terraform.rs` writes them with `to_tfvars_json()`, `to_tfvars_hcl()` and
# `to_env()`, and Terraform must give back exactly the values given.

variable "text" {
  type = string
}

variable "texts" {
  type = list(string)
}

variable "by_key" {
  type = map(string)
}

variable "settings" {
  type = object({
    name  = optional(string, "$${default}")
    lines = optional(list(string))
  })
}

variable "loose" {
  type = any
}

variable "untyped" {}

output "text" {
  value = var.text
}

output "texts" {
  value = var.texts
}

output "by_key" {
  value = var.by_key
}

output "settings" {
  value = var.settings
}

output "loose" {
  value = var.loose
}

output "untyped" {
  value = var.untyped
}
