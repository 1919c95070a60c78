variable "cname" {
  type = string
  default = "a.b"
  validation {
    condition     = can(regex("^[a-z.]+$", var.cname)) && length(trimsuffix(var.cname, ".")) <= 5
    error_message = "Bad name."
  }
}
output "cname" {
  value = var.cname
}
output "cname__json" {
  value = jsonencode(var.cname)
}
variable "path" {
  type = string
  default = "/ab"
  validation {
    condition     = length(trimprefix(var.path, "/")) >= 2
    error_message = "Short path."
  }
}
output "path" {
  value = var.path
}
output "path__json" {
  value = jsonencode(var.path)
}
variable "host" {
  type = string
  default = "abc"
  validation {
    condition     = length(trimsuffix(var.host, ".local")) < 4
    error_message = "Long host."
  }
}
output "host" {
  value = var.host
}
output "host__json" {
  value = jsonencode(var.host)
}
