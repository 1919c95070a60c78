# Defaults whose evaluation fails in more than one place, or deep inside: every failure is
# reported, each at the part Terraform points at.

variable "each_element" {
  default = [for x in [1, "a", true] : x * 2]
}

variable "inside_a_template" {
  default = "${true ? {} : 1}"
}

variable "template_condition" {
  default = "%{if "maybe"}x%{endif}"
}

variable "null_key" {
  default = { for k in ["a", null] : k => 1 }
}

variable "optional_default" {
  type = object({
    x = optional(list(number), [for v in [1, "a", true] : v * 2])
  })
}

variable "nested" {
  default = {
    a = {
      b = [1, 2][5]
      c = -"x"
    }
  }
}
