locals {
  s = true
}
variable "a" {
  description = var.b
  sensitive   = local.s
  nullable    = local.s
  ephemeral   = upper("x")
}
variable "b" {
  sensitive = "maybe"
}
