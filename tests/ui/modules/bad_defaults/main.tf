variable "call" {
  default = upper("a")
}
variable "reference" {
  default = var.call
}
variable "conversion" {
  type    = number
  default = "x"
}
variable "nested_conversion" {
  type    = object({ a = list(number) })
  default = { a = [1, "two"] }
}
variable "null_not_nullable" {
  nullable = false
  default  = null
}
variable "optional_default" {
  type = object({ a = optional(number, "x") })
}
variable "optional_call" {
  type = object({ a = optional(string, lower("A")) })
}
variable "eval_error" {
  default = 1 + "a"
}
