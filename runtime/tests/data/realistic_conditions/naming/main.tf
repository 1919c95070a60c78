variable "project_id" {
  type        = string
  description = "The GCP project that owns the resources."

  validation {
    condition     = can(regex("^[a-z][a-z0-9-]{4,28}[a-z0-9]$", var.project_id))
    error_message = "The project_id must be 6 to 30 lowercase letters, digits or hyphens, start with a letter and not end with a hyphen."
  }
}

variable "environment" {
  type = string

  validation {
    condition     = contains(["dev", "staging", "prod"], var.environment)
    error_message = "Environment must be one of: dev, staging, prod. Got: ${var.environment}."
  }
}

variable "storage_account_name" {
  type = string

  validation {
    condition     = length(var.storage_account_name) >= 3 && length(var.storage_account_name) <= 24
    error_message = "The storage account name must be between 3 and 24 characters long."
  }

  validation {
    condition     = can(regex("^[a-z0-9]+$", var.storage_account_name))
    error_message = "The storage account name may contain only lowercase letters and digits."
  }
}

variable "bucket_name" {
  type = string

  validation {
    condition     = !startswith(var.bucket_name, "goog") && !strcontains(var.bucket_name, "google")
    error_message = "Bucket names cannot begin with \"goog\" or contain \"google\"."
  }

  validation {
    condition     = !can(cidrhost("${var.bucket_name}/32", 0))
    error_message = "Bucket names cannot be IP addresses."
  }

  validation {
    condition     = length(regexall("\\.\\.|-\\.|\\.-", var.bucket_name)) == 0
    error_message = "Bucket names cannot contain adjacent periods or a period next to a hyphen."
  }
}

variable "resource_group_name" {
  type = string

  validation {
    condition     = length(var.resource_group_name) <= 90 && can(regex("^[-\\w\\._\\(\\)]+$", var.resource_group_name))
    error_message = "The resource group name must be at most 90 letters, digits, underscores, periods, hyphens or parentheses."
  }

  validation {
    condition     = !endswith(var.resource_group_name, ".")
    error_message = "The resource group name cannot end with a period."
  }
}

variable "name_prefix" {
  type    = string
  default = "app"

  validation {
    condition     = var.name_prefix == lower(var.name_prefix)
    error_message = "The name_prefix must be lowercase."
  }

  validation {
    condition     = length(var.name_prefix) <= 10 && trimspace(var.name_prefix) == var.name_prefix
    error_message = "The name_prefix must be at most 10 characters with no surrounding spaces."
  }
}

variable "tags" {
  type    = map(string)
  default = {}

  validation {
    condition     = alltrue([for k, v in var.tags : can(regex("^[a-z][a-z0-9_-]{0,62}$", k))])
    error_message = "Tag keys must start with a lowercase letter and contain at most 63 lowercase letters, digits, underscores or hyphens."
  }

  validation {
    condition     = alltrue([for v in values(var.tags) : length(v) <= 63])
    error_message = "Tag values must be at most 63 characters."
  }

  validation {
    condition     = length(setintersection(keys(var.tags), ["name", "environment"])) == 0
    error_message = "The tags name and environment are set by the module; do not pass them."
  }
}

variable "dns_zone" {
  type    = string
  default = "example.com."

  validation {
    condition     = endswith(var.dns_zone, ".")
    error_message = "The DNS zone must be fully qualified and end with a dot."
  }

  validation {
    condition     = alltrue([for label in split(".", trimsuffix(var.dns_zone, ".")) : length(label) > 0 && length(label) <= 63])
    error_message = "Each DNS label must be between 1 and 63 characters."
  }
}

variable "location" {
  type    = string
  default = "westeurope"

  validation {
    condition     = contains(["westeurope", "northeurope", "eastus", "eastus2", "westus2"], lower(replace(var.location, " ", "")))
    error_message = "The location is not one of the supported Azure regions."
  }
}

variable "key_vault_name" {
  type    = string
  default = null

  validation {
    condition     = var.key_vault_name == null ? true : can(regex("^[a-zA-Z][a-zA-Z0-9-]{1,22}[a-zA-Z0-9]$", var.key_vault_name))
    error_message = "The key vault name must be 3 to 24 letters, digits or hyphens, start with a letter and end with a letter or digit."
  }

  validation {
    condition     = var.key_vault_name == null || !strcontains(coalesce(var.key_vault_name, "x"), "--")
    error_message = "The key vault name cannot contain consecutive hyphens."
  }
}

variable "cost_center" {
  type    = string
  default = "cc-0001"

  validation {
    condition     = can(regex("^cc-[0-9]{4}$", var.cost_center))
    error_message = "cost_center must look like cc-1234, not ${jsonencode(var.cost_center)}."
  }
}

variable "owner_email" {
  type    = string
  default = "team@example.com"

  validation {
    condition     = can(regex("^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$", var.owner_email))
    error_message = "owner_email must be an e-mail address."
  }

  validation {
    condition     = one([for d in ["example.com", "example.org"] : d if endswith(var.owner_email, "@${d}")]) != null
    error_message = "owner_email must belong to example.com or example.org."
  }
}

variable "container_image" {
  type    = string
  default = "registry.example.com/app/web:1.2.3"

  validation {
    condition     = length(split(":", var.container_image)) == 2 && !endswith(var.container_image, ":latest")
    error_message = "The image must carry an explicit tag other than latest."
  }

  validation {
    condition     = can(regex("^[a-z0-9.-]+(/[a-z0-9._-]+)+:[\\w][\\w.-]{0,127}$", var.container_image))
    error_message = "The image reference is not valid."
  }
}

variable "suffix_length" {
  type    = number
  default = 4

  validation {
    condition     = var.suffix_length >= 0 && var.suffix_length <= 8 && floor(var.suffix_length) == var.suffix_length
    error_message = "suffix_length must be a whole number between 0 and 8."
  }
}

variable "labels" {
  type    = map(string)
  default = { team = "platform" }

  validation {
    condition     = length(var.labels) <= 64
    error_message = "At most 64 labels are allowed."
  }

  validation {
    condition     = alltrue([for k, v in var.labels : can(regex("^[\\p{Ll}\\p{Lo}][\\p{Ll}\\p{Lo}\\p{N}_-]{0,62}$", k)) && can(regex("^[\\p{Ll}\\p{Lo}\\p{N}_-]{0,63}$", v))])
    error_message = "Labels must be lowercase letters, digits, underscores or hyphens, keys starting with a letter."
  }
}
