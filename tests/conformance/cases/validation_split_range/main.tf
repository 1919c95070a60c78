variable "schedule" {
  type = string
  default = "on-demand"
  validation {
    condition     = var.schedule == "on-demand" || length(split(" ", var.schedule)) == 6
    error_message = "Not a schedule."
  }
}
output "schedule" {
  value = var.schedule
}
output "schedule__json" {
  value = jsonencode(var.schedule)
}
variable "release" {
  type = string
  default = "1.0"
  validation {
    condition     = length(split(".", var.release)) >= 2
    error_message = "Not a release."
  }
}
output "release" {
  value = var.release
}
output "release__json" {
  value = jsonencode(var.release)
}
variable "port" {
  type = number
  default = 1024
  validation {
    condition     = contains(range(1024, 2048), var.port)
    error_message = "Not a port here."
  }
}
output "port" {
  value = var.port
}
output "port__json" {
  value = jsonencode(var.port)
}
variable "margin" {
  type = number
  default = 60
  validation {
    condition     = contains(range(60, 600), var.margin) || contains(range(600, 1601), var.margin)
    error_message = "Out of range."
  }
}
output "margin" {
  value = var.margin
}
output "margin__json" {
  value = jsonencode(var.margin)
}
