# Terraform reports a value of the wrong type where the expression visibly starts: inside
# the quotes of a quoted string, at the condition of an `%{ if }`, after an empty one.
variable "a" {
  sensitive = ""
}
variable "b" {
  sensitive = "${"x"}y"
}
variable "c" {
  sensitive = "%{if true}x%{endif}"
}
variable "d" {
  sensitive = <<EOT
maybe
EOT
}
variable "e" {
  sensitive = ("x")
}
variable "f" {
  sensitive = ["x"][0]
}
variable "g" {
  nullable = { a = 1 }
}
variable "h" {
  description = ["x"]
}
variable "i" {
  sensitive = "${"x"}"
}
variable "j" {
  sensitive = -1
}
variable "k" {
  sensitive = [for x in ["a"] : x]
}
variable "l" {
  sensitive = "maybe"
}
variable "aa" {
  sensitive = <<EOT
EOT
}
variable "bb" {
  sensitive = "%{for x in ["a"]}x%{endfor}"
}
variable "cc" {
  sensitive = "%{if true}x%{endif}y"
}
variable "dd" {
  sensitive = "${~ "x"}"
}
variable "ee" {
  sensitive = "a${"x"}"
}
variable "ff" {
  sensitive = <<-EOT
    x
  EOT
}
variable "gg" {
  sensitive = "x" == "y" ? "a" : "b"
}
