variable "endpoint" {
  type = string
  default = "public"
  validation {
    condition     = can(regex("public|private", var.endpoint))
    error_message = "Bad endpoint."
  }
}
output "endpoint" {
  value = var.endpoint
}
output "endpoint__json" {
  value = jsonencode(var.endpoint)
}
variable "crn" {
  type = string
  default = "crn:v1:a"
  validation {
    condition     = can(regex("^crn:v1:[^:]+$", var.crn))
    error_message = "Bad CRN."
  }
}
output "crn" {
  value = var.crn
}
output "crn__json" {
  value = jsonencode(var.crn)
}
variable "city" {
  type = string
  default = "Zürich"
  validation {
    condition     = contains(["Zürich", "Genève"], var.city)
    error_message = "Bad city."
  }
}
output "city" {
  value = var.city
}
output "city__json" {
  value = jsonencode(var.city)
}
