variable "ok" {
  type = string
}

variable "duplicate_attr" {
  type = object({ a = string, a = number })
}
