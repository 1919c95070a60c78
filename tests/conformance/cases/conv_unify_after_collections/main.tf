variable "set_of_maps" {
  type = set(map(any))
  default = null
}
output "set_of_maps" {
  value = var.set_of_maps
}
output "set_of_maps__json" {
  value = jsonencode(var.set_of_maps)
}
variable "list_of_maps" {
  type = list(map(any))
  default = null
}
output "list_of_maps" {
  value = var.list_of_maps
}
output "list_of_maps__json" {
  value = jsonencode(var.list_of_maps)
}
variable "map_of_maps" {
  type = map(map(any))
  default = null
}
output "map_of_maps" {
  value = var.map_of_maps
}
output "map_of_maps__json" {
  value = jsonencode(var.map_of_maps)
}
variable "set_of_lists" {
  type = set(list(any))
  default = null
}
output "set_of_lists" {
  value = var.set_of_lists
}
output "set_of_lists__json" {
  value = jsonencode(var.set_of_lists)
}
variable "list_of_lists" {
  type = list(list(any))
  default = null
}
output "list_of_lists" {
  value = var.list_of_lists
}
output "list_of_lists__json" {
  value = jsonencode(var.list_of_lists)
}
