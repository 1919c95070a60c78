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
