variable "any_tuple" {
  type = any
  default = [1, "a"]
}
output "any_tuple" {
  value = var.any_tuple
}
output "any_tuple__json" {
  value = jsonencode(var.any_tuple)
}
variable "list_any" {
  type = list(any)
  default = [1, "a"]
}
output "list_any" {
  value = var.list_any
}
output "list_any__json" {
  value = jsonencode(var.list_any)
}
variable "set_dup" {
  type = set(string)
  default = ["b", "a", "b"]
}
output "set_dup" {
  value = var.set_dup
}
output "set_dup__json" {
  value = jsonencode(var.set_dup)
}
variable "point1" {
  type = number
  default = 0.1
}
output "point1" {
  value = var.point1
}
output "point1__json" {
  value = jsonencode(var.point1)
}
variable "div" {
  type = number
  default = 1 / 3
}
output "div" {
  value = var.div
}
output "div__json" {
  value = jsonencode(var.div)
}
variable "str_num" {
  type = string
  default = 1.50
}
output "str_num" {
  value = var.str_num
}
output "str_num__json" {
  value = jsonencode(var.str_num)
}
variable "obj_null" {
  type = object({ a = optional(string, "x") })
  default = null
}
output "obj_null" {
  value = var.obj_null
}
output "obj_null__json" {
  value = jsonencode(var.obj_null)
}
variable "map_default" {
  type = map(number)
  default = { a = "1" }
}
output "map_default" {
  value = var.map_default
}
output "map_default__json" {
  value = jsonencode(var.map_default)
}
variable "heredoc" {
  type = string
  default = <<-EOT
    text
    EOT
}
output "heredoc" {
  value = var.heredoc
}
output "heredoc__json" {
  value = jsonencode(var.heredoc)
}
