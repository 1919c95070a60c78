variable "name" {
  type        = string
  description = "The database cluster's name."

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{2,62}$", var.name))
    error_message = "The name must start with a letter and hold 3 to 63 lower-case letters, digits or dashes."
  }
}

variable "engine" {
  type = object({
    kind    = string
    version = string
  })
  description = "The engine and its major version."

  validation {
    condition     = contains(["postgres", "mysql"], var.engine.kind)
    error_message = "engine.kind must be postgres or mysql."
  }
}

variable "instance_class" {
  type    = string
  default = "db.t3.medium"
}

variable "storage_gb" {
  type        = number
  default     = 100
  description = "Allocated storage in GiB."

  validation {
    condition     = var.storage_gb >= 20 && var.storage_gb <= 65536 && floor(var.storage_gb) == var.storage_gb
    error_message = "storage_gb must be a whole number between 20 and 65536."
  }
}

variable "replicas" {
  type = list(object({
    zone           = string
    instance_class = optional(string)
    promotion_tier = optional(number, 1)
  }))
  default = []

  validation {
    condition     = length(var.replicas) <= 5
    error_message = "At most 5 read replicas are supported."
  }
}

variable "backup" {
  type = object({
    retention_days = optional(number, 7)
    window         = optional(tuple([string, string]), ["03:00", "04:00"])
    copy_to_region = optional(string)
  })
  default = {}
}

variable "parameters" {
  type        = map(string)
  default     = {}
  description = "Engine parameters, e.g. `max_connections`."
}

variable "allowed_cidrs" {
  type     = list(string)
  nullable = false
  default  = []
}

variable "master_password" {
  type      = string
  sensitive = true
  ephemeral = true

  validation {
    condition     = length(var.master_password) >= 16 && can(regex("[0-9]", var.master_password))
    error_message = "The master password needs 16 characters or more, including a digit."
  }
}

variable "deletion_protection" {
  type    = bool
  default = true
}
