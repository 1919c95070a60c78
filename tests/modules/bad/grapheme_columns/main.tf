# HCL counts a column in grapheme clusters: an accent written as a combining mark, a flag of two
# regional indicators and a family joined by zero-width joiners are one column each.
variable "x" {
  default = ["éé", 1 + "a"]
}

variable "y" {
  default = ["🇺🇸 👨‍👩‍👧", 1 + "b"]
}
