variable "o" {
  type = object({ a = optional(string) })
  default = {}
  validation {
    condition     = var.o.a != null && length(var.o.a) > 2
    error_message = "a must be longer than 2."
  }
}
output "o" {
  value = var.o
}
output "o__json" {
  value = jsonencode(var.o)
}
