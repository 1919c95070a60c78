variable "sasl" {
  type = object({ iam = optional(bool), scram = optional(bool) })
  default = null
  validation {
    condition     = var.sasl == null || try(var.sasl.iam, false) || try(var.sasl.scram, false)
    error_message = "Pick one."
  }
}
output "sasl" {
  value = var.sasl
}
output "sasl__json" {
  value = jsonencode(var.sasl)
}
variable "feature" {
  type = object({ on = optional(bool) })
  default = null
  validation {
    condition     = var.feature == null || try(var.feature.on, true)
    error_message = "Off."
  }
}
output "feature" {
  value = var.feature
}
output "feature__json" {
  value = jsonencode(var.feature)
}
