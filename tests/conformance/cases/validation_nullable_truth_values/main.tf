variable "secondary" {
  type = bool
  default = false
}
output "secondary" {
  value = var.secondary
}
output "secondary__json" {
  value = jsonencode(var.secondary)
}
variable "cluster_id" {
  type = string
  default = null
  validation {
    condition     = var.secondary ? var.cluster_id != null : true
    error_message = "A secondary region needs a cluster."
  }
  validation {
    condition     = !var.secondary ? var.cluster_id == null : true
    error_message = "Only a secondary region takes a cluster."
  }
}
output "cluster_id" {
  value = var.cluster_id
}
output "cluster_id__json" {
  value = jsonencode(var.cluster_id)
}
variable "internal" {
  type = bool
  default = false
}
output "internal" {
  value = var.internal
}
output "internal__json" {
  value = jsonencode(var.internal)
}
variable "lb_type" {
  type = string
  default = "alb"
}
output "lb_type" {
  value = var.lb_type
}
output "lb_type__json" {
  value = jsonencode(var.lb_type)
}
variable "hairpin" {
  type = bool
  default = false
  validation {
    condition     = var.internal && var.lb_type == "nlb" ? var.hairpin == true : true
    error_message = "Hairpin needed."
  }
}
output "hairpin" {
  value = var.hairpin
}
output "hairpin__json" {
  value = jsonencode(var.hairpin)
}
variable "ip" {
  type = object({ create = optional(bool), id = optional(string) })
  default = { create = false }
  validation {
    condition     = var.ip.create ? var.ip.id == null : true
    error_message = "Create or give an id."
  }
}
output "ip" {
  value = var.ip
}
output "ip__json" {
  value = jsonencode(var.ip)
}
variable "sizes" {
  type = object({ a = optional(string), b = optional(number) })
  default = { b = 2 }
  validation {
    condition     = (var.sizes.b > 1) == (var.sizes.a == null)
    error_message = "Both or neither."
  }
}
output "sizes" {
  value = var.sizes
}
output "sizes__json" {
  value = jsonencode(var.sizes)
}
