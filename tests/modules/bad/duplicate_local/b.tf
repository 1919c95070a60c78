
locals {
  x = 2
}
