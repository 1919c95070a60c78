# Terraform converts a default once more when it validates and plans: with `any` inside a
# collection, the converted default need not convert again.
variable "nested" {
  type    = list(list(list(any)))
  default = [[], [[1]]]
}

variable "fine" {
  type    = list(list(any))
  default = [[], [1]]
}

variable "flat" {
  type    = list(any)
  default = [[], [1]]
}
