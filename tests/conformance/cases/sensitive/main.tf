variable "p" {
  type = string
  default = "dp"
  sensitive = true
}
output "p" {
  value = var.p
  sensitive = true
}
output "p__json" {
  value = jsonencode(var.p)
  sensitive = true
}
variable "n" {
  type = number
  default = null
  sensitive = true
}
output "n" {
  value = var.n
  sensitive = true
}
output "n__json" {
  value = jsonencode(var.n)
  sensitive = true
}
variable "e" {
  type = string
  default = "de"
  ephemeral = true
}
