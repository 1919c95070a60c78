# Names whose builder methods would clash in bon's defaults (the one declared first keeps its
# name, the later one gets the next free one): a variable or attribute `build`
# (the builder's own finishing method), `maybe_x` beside an optional `x`, `null_x` beside a
# variable `x` whose explicit null counts, `_p` beside `p` (bon drops one leading `_`), `x1`
# beside `x_1` (one type state `X1`), and `_9` (bon's default name would start with a digit).
# Names whose bon default is no plain identifier: `self` (the field `self_`, whose type state
# bon names `Self_`), `_self` and `_type` (a keyword once bon drops the `_`), `__` (underscores
# alone: no type state at all).

variable "build" {
  type = string
}

variable "x" {
  type    = string
  default = "a"
}

variable "maybe_x" {
  type    = string
  default = null
}

variable "null_x" {
  type    = number
  default = null
}

variable "p" {
  type = bool
}

variable "_p" {
  type    = bool
  default = true
}

variable "x1" {
  type = string
}

variable "x_1" {
  type = string
}

variable "_9" {
  type = number
}

variable "bon_build" {
  type    = list(string)
  default = []
}

variable "cws_custom_images" {
  type = object({
    build   = optional(object({ image = string }))
    maybe_y = optional(string)
    y       = optional(string)
    name    = string
  })
}

variable "self" {
  type    = string
  default = "s"
}

variable "Self" {
  type = string
}

variable "_self" {
  type = string
}

variable "_type" {
  type = bool
}

variable "__" {
  type = number
}

variable "egress" {
  type = object({
    self  = bool
    _     = optional(string)
    __    = string
    _Self = string
    _type = optional(number)
  })
}
