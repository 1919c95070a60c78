variable "environment" {
  type        = string
  description = "Where this is deployed: `staging` or `production`."
  validation {
    condition     = contains(["staging", "production"], var.environment)
    error_message = "The environment must be `staging` or `production`."
  }
}

variable "rules" {
  type = map(object({
    port    = number
    cidrs   = list(string)
    logging = optional(bool, true)
  }))
  description = "Firewall rules by name."
}

variable "admin_token" {
  type        = string
  sensitive   = true
  description = "A secret the rules carry; never printed."
}
