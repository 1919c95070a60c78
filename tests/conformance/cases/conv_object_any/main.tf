variable "x" {
  type = object({ a = any, b = list(any) })
}
output "x" {
  value = var.x
}
