locals {
  max_items = 3
  regions   = ["eu-west-1", "us-east-1"]
  computed  = upper("x")
}
