# Terraform evaluates a constant without a context: a reference or call is refused where the
# evaluation meets it, and the value goes on with the refused part unknown.
variable "chosen" {
  type    = object({ p = optional(string, true ? "a" : var.b) })
  default = [for x in [1] : upper(x)]
}
variable "for_key" {
  default = { for k, v in { a = 1 } : k => var.m }
}
variable "nested_for" {
  default = [for x in [1] : [for y in [2] : local.q]]
}
variable "for_collection" {
  default = [for x in [var.q] : var.r]
}
variable "for_filter" {
  default = [for x in [1, 2] : x if var.w]
}
variable "for_path" {
  default = [for x in [1] : path.module]
}
variable "not_chosen" {
  default = true ? 1 : var.b
}
variable "empty_for" {
  default = [for x in [] : var.m]
}
variable "refused_condition" {
  default = var.b ? var.c : 1
}
variable "template_else" {
  default = "%{ if true }a%{ else }${var.b}%{ endif }"
}
variable "arguments" {
  description = true ? "x" : var.b
  sensitive   = (false ? var.b : true) || false
}
