variable "region" {
  type = string
}

# A bare label, spaced out: Terraform names the block type to the label's end.
variable   zone   {
}
