variable "capacity" {
  type = number
  default = 1
  validation {
    condition     = contains([1, 2, 4, 8, 16], var.capacity)
    error_message = "Bad capacity."
  }
}
output "capacity" {
  value = var.capacity
}
output "capacity__json" {
  value = jsonencode(var.capacity)
}
variable "units" {
  type = number
  default = 5
  validation {
    condition     = var.units == null || (var.units >= 1 && var.units <= 20)
    error_message = "Bad units."
  }
}
output "units" {
  value = var.units
}
output "units__json" {
  value = jsonencode(var.units)
}
variable "storage" {
  type = number
  default = 0
  validation {
    condition     = var.storage == 0 || (var.storage >= 21 && var.storage <= 200)
    error_message = "Bad storage."
  }
}
output "storage" {
  value = var.storage
}
output "storage__json" {
  value = jsonencode(var.storage)
}
variable "nonzero" {
  type = number
  default = 1
  validation {
    condition     = var.nonzero != 0
    error_message = "Bad nonzero."
  }
}
output "nonzero" {
  value = var.nonzero
}
output "nonzero__json" {
  value = jsonencode(var.nonzero)
}
