variable "count_hcl" {
  type    = number
  default = 2
}
