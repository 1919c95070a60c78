variable "versions" {
  type = list(string)
  default = []
  validation {
    condition     = length(var.versions) == 0 ? true : length(regexall("^\\d+\\.\\d+$", var.versions[0])) == 1
    error_message = "Like 1.2."
  }
}
output "versions" {
  value = var.versions
}
output "versions__json" {
  value = jsonencode(var.versions)
}
variable "zones" {
  type = list(string)
  default = ["a", "b"]
  validation {
    condition     = contains(["a", "b"], var.zones[1])
    error_message = "Second zone a or b."
  }
}
output "zones" {
  value = var.zones
}
output "zones__json" {
  value = jsonencode(var.zones)
}
variable "pair" {
  type = object({ a = optional(string), b = optional(string) })
  default = null
  validation {
    condition     = var.pair == null ? true : (var.pair.a == "x" ? var.pair.b != null && length(var.pair.b) > 0 : true)
    error_message = "b with x."
  }
}
output "pair" {
  value = var.pair
}
output "pair__json" {
  value = jsonencode(var.pair)
}
