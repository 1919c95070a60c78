variable "s" {
  type    = string
  default = "Hello-World_1"
}
variable "n" {
  type    = number
  default = 42
}
variable "l" {
  type    = list(string)
  default = ["a", "b", "a"]
}
variable "m" {
  type    = map(number)
  default = { a = 1, b = 2 }
}
variable "o" {
  type = object({
    name = string
    port = optional(number, 80)
    tags = optional(map(string))
  })
  default = { name = "web" }
}
variable "st" {
  type    = set(string)
  default = ["b", "a"]
}
variable "nul" {
  type    = string
  default = null
}
variable "lo" {
  type = list(object({ cidr = string, az = optional(string, "a") }))
  default = [{ cidr = "10.0.0.0/24" }, { cidr = "10.0.1.0/24", az = "b" }]
}
