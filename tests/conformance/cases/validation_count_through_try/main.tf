variable "hc" {
  type = object({ grpc = optional(object({ port = optional(number) })), http = optional(object({ port = optional(number) })) })
  default = null
  validation {
    condition     = (try(var.hc.grpc, null) == null ? 0 : 1) + (try(var.hc.http, null) == null ? 0 : 1) <= 1
    error_message = "Only one health check type."
  }
}
output "hc" {
  value = var.hc
}
output "hc__json" {
  value = jsonencode(var.hc)
}
variable "src" {
  type = object({ a = optional(string), b = optional(string) })
  default = { a = "x" }
  validation {
    condition     = (try(var.src.a, null) == null ? 0 : 1) + (try(var.src.b, null) == null ? 0 : 1) >= 1
    error_message = "A source is needed."
  }
}
output "src" {
  value = var.src
}
output "src__json" {
  value = jsonencode(var.src)
}
