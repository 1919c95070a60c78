variable "r" {
  type = string
}
output "r" {
  value = var.r
}
output "r__json" {
  value = jsonencode(var.r)
}
variable "v" {
  type = string
  default = "long enough"
  validation {
    condition     = length(var.v) > 3
    error_message = "v is too short."
  }
}
output "v" {
  value = var.v
}
output "v__json" {
  value = jsonencode(var.v)
}
