variable "hooks" {
  type = map(any)
  default = {}
  validation {
    condition     = alltrue([for x in values(var.hooks) : contains(["CONTINUE", "ABANDON"], lookup(x, "result", "CONTINUE"))])
    error_message = "Bad result."
  }
  validation {
    condition     = alltrue([for x in values(var.hooks) : contains(["launch", "stop"], lookup(x, "transition", "BLANK"))])
    error_message = "Bad transition."
  }
}
output "hooks" {
  value = var.hooks
}
output "hooks__json" {
  value = jsonencode(var.hooks)
}
variable "rules" {
  type = list(any)
  default = []
  validation {
    condition     = alltrue([for r in var.rules : contains(["allow", "deny"], lookup(r, "action", "allow"))])
    error_message = "Bad action."
  }
}
output "rules" {
  value = var.rules
}
output "rules__json" {
  value = jsonencode(var.rules)
}
