variable "name" {
  type = string
  default = "a"
  validation {
    condition     = trimspace(var.name) != ""
    error_message = "A name is needed."
  }
}
output "name" {
  value = var.name
}
output "name__json" {
  value = jsonencode(var.name)
}
variable "blank" {
  type = string
  default = ""
  validation {
    condition     = var.blank == null || trimspace(var.blank) == ""
    error_message = "Blank or null."
  }
}
output "blank" {
  value = var.blank
}
output "blank__json" {
  value = jsonencode(var.blank)
}
variable "items" {
  type = list(string)
  default = []
  validation {
    condition     = alltrue([for s in var.items : trimspace(s) != ""])
    error_message = "No blank item."
  }
}
output "items" {
  value = var.items
}
output "items__json" {
  value = jsonencode(var.items)
}
