variable "a" {
  default = { k = 1 }.j
}

variable "b" {
  default = "a" < "b"
}

variable "c" {
  type = object({ x = optional(string, [for v in "s" : v]) })
}

variable "d" {
  default = "x${[1]}"
}

variable "e" {
  default = [for x in [1] : x if "yes"]
}
