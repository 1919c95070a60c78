variable "p" {
  type = object({ user = string, pass = optional(string) })
  default = null
  sensitive = true
  validation {
    condition     = var.p == null ? true : length(coalesce(var.p.pass, "")) >= 8
    error_message = "Password too short."
  }
}
output "p" {
  value = var.p
  sensitive = true
}
output "p__json" {
  value = jsonencode(var.p)
  sensitive = true
}
variable "k" {
  type = list(string)
  default = []
  ephemeral = true
  validation {
    condition     = length(var.k) < 3
    error_message = "At most 2 keys: ${join(",", var.k)}."
  }
}
