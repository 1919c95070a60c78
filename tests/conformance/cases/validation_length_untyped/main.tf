variable "tags" {
  default = ["a"]
  validation {
    condition     = length(var.tags) > 0
    error_message = "Give one."
  }
}
output "tags" {
  value = var.tags
}
output "tags__json" {
  value = jsonencode(var.tags)
}
variable "code" {
  type = any
  default = "ab"
  validation {
    condition     = length(var.code) <= 3
    error_message = "Too long."
  }
}
output "code" {
  value = var.code
}
output "code__json" {
  value = jsonencode(var.code)
}
variable "pair" {
  type = any
  default = ["a", "b"]
  validation {
    condition     = length(var.pair) == 2
    error_message = "Two."
  }
}
output "pair" {
  value = var.pair
}
output "pair__json" {
  value = jsonencode(var.pair)
}
