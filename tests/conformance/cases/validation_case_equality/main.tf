variable "ext" {
  type = list(object({ type = string }))
  default = []
  sensitive = true
  validation {
    condition     = !anytrue([for e in nonsensitive(var.ext) : lower(e.type) == "ssh"])
    error_message = "No ssh."
  }
}
output "ext" {
  value = var.ext
  sensitive = true
}
output "ext__json" {
  value = jsonencode(var.ext)
  sensitive = true
}
variable "user" {
  type = string
  default = "me"
  validation {
    condition     = upper(var.user) != "ROOT"
    error_message = "Not root."
  }
}
output "user" {
  value = var.user
}
output "user__json" {
  value = jsonencode(var.user)
}
variable "os" {
  type = string
  default = "linux"
  validation {
    condition     = lower(var.os) == "linux" || lower(var.os) == "windows"
    error_message = "Unknown os."
  }
}
output "os" {
  value = var.os
}
output "os__json" {
  value = jsonencode(var.os)
}
