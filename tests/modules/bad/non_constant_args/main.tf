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

# A refused reference or call leaves an unknown value, decoded all the same.
variable "c" {
  description = [var.b]
  sensitive   = var.b || true
  nullable    = var.b == null
  ephemeral   = [var.b, true][1]
}
variable "d" {
  description = "${var.b}"
  sensitive   = !upper(var.b)
  nullable    = [var.b][*].x == []
}
variable "e" {
  description = var.b ? "x" : "y"
  nullable    = true ? local.x : false
  sensitive   = false && var.b
}
variable "f" {
  description = {a = var.b}.a
  sensitive   = [var.b][0]
  nullable    = try(var.b, true)
}
variable "g" {
  description = "x ${var.b}"
  sensitive   = [for x in [var.b] : true][0]
  nullable    = !(var.b == null)
}
variable "h" {
  description = [var.b][*]
  sensitive   = -var.b
  nullable    = (var.b)
}
