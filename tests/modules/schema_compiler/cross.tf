# Rules between variables: written at the root of the schema.

variable "subnet_id" {
  type    = string
  default = null
}

variable "network_name" {
  type    = string
  default = null
  validation {
    condition     = var.network_name != null || var.subnet_id != null
    error_message = "Set network_name or subnet_id."
  }
}

variable "primary" {
  type     = string
  default  = "a"
  nullable = true
}

variable "secondary" {
  type    = string
  default = null
  validation {
    condition     = var.secondary == null || var.primary != null
    error_message = "secondary needs primary."
  }
  validation {
    condition     = var.secondary == null || contains(["x", "y"], var.secondary)
    error_message = "secondary is x or y."
  }
}

variable "size" {
  type    = number
  default = 1
}

variable "max_size" {
  type = number
  validation {
    condition     = var.max_size > 0 && (var.size == null || var.size >= 1)
    error_message = "max_size positive and size at least 1."
  }
}

variable "key_id" {
  type    = string
  default = null
}

variable "key_file" {
  type    = string
  default = null
  validation {
    condition     = (var.key_id != null ? 1 : 0) + (var.key_file != null ? 1 : 0) <= 1
    error_message = "at most one of key_id and key_file."
  }
}

# Both or neither.
variable "tls_cert" {
  type    = string
  default = null
}

variable "tls_key" {
  type    = string
  default = null
  validation {
    condition     = (var.tls_cert == null) == (var.tls_key == null)
    error_message = "tls_cert and tls_key go together."
  }
}

# If one, then the other, as a conditional.
variable "replica_region" {
  type    = string
  default = null
}

variable "replica_bucket" {
  type    = string
  default = null
  validation {
    condition     = var.replica_bucket != null ? var.replica_region != null : true
    error_message = "replica_bucket needs replica_region."
  }
}

# Never together.
variable "password" {
  type    = string
  default = null
}

variable "password_file" {
  type    = string
  default = null
  validation {
    condition     = !(var.password != null && var.password_file != null)
    error_message = "password or password_file, not both."
  }
}

# Never together, where one variable is set when left out: its default is not null, so the
# other may only be given when it is given null.
variable "zone" {
  type    = string
  default = "a"
}

variable "zones" {
  type    = list(string)
  default = null
  validation {
    condition     = var.zone == null || var.zones == null
    error_message = "zone or zones."
  }
}

# Exactly one of three.
variable "source_image" {
  type    = string
  default = null
}

variable "source_snapshot" {
  type    = string
  default = null
}

variable "source_disk" {
  type    = string
  default = null
  validation {
    condition     = (var.source_image != null ? 1 : 0) + (var.source_snapshot != null ? 1 : 0) + (var.source_disk != null ? 1 : 0) == 1
    error_message = "exactly one source."
  }
}

# Both or neither, where one variable is never null (not nullable, with a default).
variable "log_bucket" {
  type     = string
  default  = "logs"
  nullable = false
}

variable "log_prefix" {
  type    = string
  default = null
  validation {
    condition     = (var.log_bucket != null) == (var.log_prefix != null)
    error_message = "log_prefix goes with log_bucket."
  }
}

# One or the other, but not both (a truth value compared with `!=`).
variable "vpc_id" {
  type    = string
  default = null
}

variable "vpc_name" {
  type    = string
  default = null
  validation {
    condition     = (var.vpc_id != null) != (var.vpc_name != null)
    error_message = "vpc_id or vpc_name, exactly one."
  }
}

# The same rules between attributes of one object.
variable "tls" {
  type = object({
    cert   = optional(string)
    key    = optional(string)
    legacy = optional(bool)
  })
  default = {}
  validation {
    condition     = (var.tls.cert == null) == (var.tls.key == null)
    error_message = "cert and key go together."
  }
  validation {
    condition     = var.tls.legacy != null ? var.tls.cert == null : true
    error_message = "legacy takes no cert."
  }
}
