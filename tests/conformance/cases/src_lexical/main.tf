variable "p" {
  type = string
  default = "default"
}
output "p" {
  value = var.p
}
output "p__json" {
  value = jsonencode(var.p)
}
variable "q" {
  type = string
  default = "default"
}
output "q" {
  value = var.q
}
output "q__json" {
  value = jsonencode(var.q)
}
variable "r" {
  type = string
  default = "default"
}
output "r" {
  value = var.r
}
output "r__json" {
  value = jsonencode(var.r)
}
variable "s" {
  type = string
  default = "default"
}
output "s" {
  value = var.s
}
output "s__json" {
  value = jsonencode(var.s)
}
variable "h" {
  type = string
  default = "default"
}
output "h" {
  value = var.h
}
output "h__json" {
  value = jsonencode(var.h)
}
variable "u" {
  type = string
  default = "default"
}
output "u" {
  value = var.u
}
output "u__json" {
  value = jsonencode(var.u)
}
variable "t" {
  type = string
  default = "default"
}
output "t" {
  value = var.t
}
output "t__json" {
  value = jsonencode(var.t)
}
variable "k" {
  type = string
  default = "default"
}
output "k" {
  value = var.k
}
output "k__json" {
  value = jsonencode(var.k)
}
variable "z" {
  type = string
  default = "default"
}
output "z" {
  value = var.z
}
output "z__json" {
  value = jsonencode(var.z)
}
