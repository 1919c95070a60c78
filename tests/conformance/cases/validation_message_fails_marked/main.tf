variable "n" {
  type = string
  default = null
  ephemeral = true
  validation {
    condition     = var.n != null
    error_message = "Got ${var.n}."
  }
}
variable "l" {
  type = list(string)
  default = ["a"]
  sensitive = true
  validation {
    condition     = length(var.l) > 1
    error_message = "Got ${var.l}."
  }
}
output "l" {
  value = var.l
  sensitive = true
}
output "l__json" {
  value = jsonencode(var.l)
  sensitive = true
}
