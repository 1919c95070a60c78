variable "context" {
  type = object({ label_key_case = optional(string), id_length_limit = optional(number), inner = optional(object({ mode = string })) })
  default = {}
  validation {
    condition     = var.context["label_key_case"] == null ? true : contains(["lower", "title", "upper"], var.context["label_key_case"])
    error_message = "Allowed values: `lower`, `title`, `upper`."
  }
  validation {
    condition     = var.context["id_length_limit"] == null ? true : var.context["id_length_limit"] >= 6
    error_message = "At least 6."
  }
  validation {
    condition     = var.context["inner"] == null ? true : var.context["inner"]["mode"] != "x"
    error_message = "Not x."
  }
}
output "context" {
  value = var.context
}
output "context__json" {
  value = jsonencode(var.context)
}
variable "rules" {
  type = list(object({ type = string, match = optional(map(object({ op = string })), {}) }))
  default = []
  validation {
    condition     = alltrue([for r in var.rules : contains(["allow", "deny"], r["type"])])
    error_message = "allow or deny."
  }
  validation {
    condition     = alltrue([for r in var.rules : alltrue([for k, m in r["match"] : m["op"] != "regex"])])
    error_message = "No regex."
  }
}
output "rules" {
  value = var.rules
}
output "rules__json" {
  value = jsonencode(var.rules)
}
