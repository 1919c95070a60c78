variable "dpd" {
  default = 30
  validation {
    condition     = (var.dpd>= 30)
    error_message = "At least 30."
  }
}
output "dpd" {
  value = var.dpd
}
output "dpd__json" {
  value = jsonencode(var.dpd)
}
variable "week" {
  type = any
  default = 1
  validation {
    condition     = var.week >= 1 && var.week <= 52
    error_message = "A week."
  }
}
output "week" {
  value = var.week
}
output "week__json" {
  value = jsonencode(var.week)
}
variable "timeout" {
  type = string
  default = "900"
  validation {
    condition     = var.timeout >= 900 && var.timeout <= 7200
    error_message = "Between 900 and 7200."
  }
}
output "timeout" {
  value = var.timeout
}
output "timeout__json" {
  value = jsonencode(var.timeout)
}
variable "ratio" {
  default = 1
  validation {
    condition     = var.ratio < 2.5
    error_message = "Below 2.5."
  }
}
output "ratio" {
  value = var.ratio
}
output "ratio__json" {
  value = jsonencode(var.ratio)
}
