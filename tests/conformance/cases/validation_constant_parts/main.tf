locals {
  endpoints = { "us-south" = "a", "eu-de" = "b" }
  allowed   = concat(["x"], ["y"])
}
variable "kind" {
  type = string
  default = "gating"
  validation {
    condition     = var.kind == lower("ASSERTION") || var.kind == lower("Gating")
    error_message = "Bad kind."
  }
}
output "kind" {
  value = var.kind
}
output "kind__json" {
  value = jsonencode(var.kind)
}
variable "percent" {
  type = number
  default = 5
  validation {
    condition     = contains(range(0, 101), var.percent)
    error_message = "Bad percent."
  }
}
output "percent" {
  value = var.percent
}
output "percent__json" {
  value = jsonencode(var.percent)
}
variable "step" {
  type = number
  default = 0
  validation {
    condition     = contains(range(0, 2, 0.5), var.step)
    error_message = "Bad step."
  }
}
output "step" {
  value = var.step
}
output "step__json" {
  value = jsonencode(var.step)
}
variable "region" {
  type = string
  default = "eu-de"
  validation {
    condition     = contains(keys(local.endpoints), var.region)
    error_message = "Bad region."
  }
}
output "region" {
  value = var.region
}
output "region__json" {
  value = jsonencode(var.region)
}
variable "tag" {
  type = string
  default = "x"
  validation {
    condition     = contains(local.allowed, var.tag)
    error_message = "Bad tag."
  }
}
output "tag" {
  value = var.tag
}
output "tag__json" {
  value = jsonencode(var.tag)
}
variable "upper_name" {
  type = string
  default = "A"
  validation {
    condition     = contains([for r in ["a", "b"] : upper(r)], var.upper_name)
    error_message = "Bad name."
  }
}
output "upper_name" {
  value = var.upper_name
}
output "upper_name__json" {
  value = jsonencode(var.upper_name)
}
variable "mixed" {
  type = string
  default = "a"
  validation {
    condition     = contains(tolist(["a", 1]), var.mixed)
    error_message = "Bad value."
  }
}
output "mixed" {
  value = var.mixed
}
output "mixed__json" {
  value = jsonencode(var.mixed)
}
