variable "quoted" {
  type = "string"
}
variable "keyword" {
  type = String
}
variable "arity" {
  type = list(string, number)
}
variable "empty_args" {
  type = map()
}
variable "optional_top" {
  type = optional(string)
}
variable "optional_in_list" {
  type = list(optional(string))
}
variable "quoted_key" {
  type = object({ "a-b" = string })
}
variable "optional_arity" {
  type = object({ a = optional(string, 1, 2) })
}
variable "tuple_arg" {
  type = tuple(string)
}
variable "object_arg" {
  type = object(string)
}
variable "bare_set" {
  type = set
}
variable "any_args" {
  type = any(string)
}
variable "nested_bare_list" {
  type = list(list)
}
variable "unknown_constructor" {
  type = array(string)
}
