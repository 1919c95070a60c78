
locals {
  x    = 2
  tags = {}
}
