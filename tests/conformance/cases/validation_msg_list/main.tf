variable "l" {
  type = list(string)
  default = ["a"]
  validation {
    condition     = length(var.l) > 0
    error_message = var.l
  }
}
output "l" {
  value = var.l
}
output "l__json" {
  value = jsonencode(var.l)
}
