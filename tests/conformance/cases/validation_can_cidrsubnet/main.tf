variable "net" {
  type = string
  default = "10.0.0.0/16"
  validation {
    condition     = can(cidrsubnet(var.net, 0, 0))
    error_message = "A CIDR prefix."
  }
}
output "net" {
  value = var.net
}
output "net__json" {
  value = jsonencode(var.net)
}
variable "block" {
  type = string
  default = "10.0.0.0/16"
  validation {
    condition     = can(cidrsubnet(var.block, 4, 15))
    error_message = "Room for sixteen subnets."
  }
}
output "block" {
  value = var.block
}
output "block__json" {
  value = jsonencode(var.block)
}
variable "blocks" {
  type = list(string)
  default = []
  validation {
    condition     = alltrue([for c in var.blocks : can(cidrsubnet(c, 8, 0))])
    error_message = "Room for /+8 subnets."
  }
}
output "blocks" {
  value = var.blocks
}
output "blocks__json" {
  value = jsonencode(var.blocks)
}
