variable "s" {
  default = "a"
}
