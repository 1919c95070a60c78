variable "throughput" {
  type = number
  default = 400
  validation {
    condition     = var.throughput % 100 == 0
    error_message = "A multiple of 100."
  }
}
output "throughput" {
  value = var.throughput
}
output "throughput__json" {
  value = jsonencode(var.throughput)
}
variable "negative" {
  type = number
  default = 0
  validation {
    condition     = 0 == var.negative % -3
    error_message = "A multiple of 3."
  }
}
output "negative" {
  value = var.negative
}
output "negative__json" {
  value = jsonencode(var.negative)
}
variable "hosts" {
  default = 3
  validation {
    condition     = var.hosts % 3 == 0
    error_message = "A multiple of 3."
  }
}
output "hosts" {
  value = var.hosts
}
output "hosts__json" {
  value = jsonencode(var.hosts)
}
variable "dbs" {
  type = map(object({ throughput = optional(number) }))
  default = {}
  validation {
    condition     = alltrue([for k, v in var.dbs : v.throughput != null ? v.throughput % 100 == 0 : true])
    error_message = "Throughput in hundreds."
  }
}
output "dbs" {
  value = var.dbs
}
output "dbs__json" {
  value = jsonencode(var.dbs)
}
