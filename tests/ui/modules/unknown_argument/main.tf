variable "a" {
  type       = string
  foo        = 1
  deprecated = "use b"
  const      = true
}
