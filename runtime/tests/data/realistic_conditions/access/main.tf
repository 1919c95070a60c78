variable "iam_bindings" {
  type    = map(list(string))
  default = {}

  validation {
    condition     = alltrue([for role in keys(var.iam_bindings) : startswith(role, "roles/") || startswith(role, "organizations/") || startswith(role, "projects/")])
    error_message = "IAM roles must start with roles/, organizations/ or projects/."
  }

  validation {
    condition = alltrue(flatten([for role, members in var.iam_bindings : [
      for m in members : can(regex("^(user|group|serviceAccount|domain|principal|principalSet):", m))
    ]]))
    error_message = "IAM members must be prefixed with user:, group:, serviceAccount:, domain:, principal: or principalSet:."
  }

  validation {
    condition     = !contains(keys(var.iam_bindings), "roles/owner")
    error_message = "Granting roles/owner through this module is not allowed."
  }

  validation {
    condition     = length(setintersection(toset(flatten(values(var.iam_bindings))), toset(["allUsers", "allAuthenticatedUsers"]))) == 0
    error_message = "Public principals (allUsers, allAuthenticatedUsers) are not allowed."
  }
}

variable "admins" {
  type    = set(string)
  default = []

  validation {
    condition     = alltrue([for a in var.admins : endswith(a, "@example.com")])
    error_message = "Admins must have example.com accounts."
  }

  validation {
    condition     = length(var.admins) <= 5
    error_message = "At most five admins may be named."
  }
}

variable "service_account" {
  type = object({
    create       = optional(bool, true)
    email        = optional(string)
    display_name = optional(string)
  })
  default = {}

  validation {
    condition     = var.service_account.create || var.service_account.email != null
    error_message = "Give service_account.email when create is false."
  }

  validation {
    condition     = var.service_account.email == null || can(regex("^[a-z][a-z0-9-]{4,28}[a-z0-9]@[a-z][a-z0-9-]+\\.iam\\.gserviceaccount\\.com$", var.service_account.email))
    error_message = "service_account.email must be a service account address."
  }
}

variable "ssh_keys" {
  type    = list(string)
  default = []

  validation {
    condition     = alltrue([for k in var.ssh_keys : length(regexall("^(ssh-(rsa|ed25519)|ecdsa-sha2-nistp(256|384|521)) [A-Za-z0-9+/=]+( .*)?$", k)) > 0])
    error_message = "Each SSH key must be an OpenSSH public key (ssh-rsa, ssh-ed25519 or ecdsa-sha2-*)."
  }

  validation {
    condition     = !anytrue([for k in var.ssh_keys : startswith(k, "ssh-dss")])
    error_message = "DSA keys are not accepted."
  }
}

variable "policy_mode" {
  type    = string
  default = "enforce"

  validation {
    condition     = one([for m in ["enforce", "dryrun", "disabled"] : m if m == var.policy_mode]) == var.policy_mode
    error_message = "policy_mode must be enforce, dryrun or disabled."
  }
}

variable "allowed_regions" {
  type    = list(string)
  default = ["europe-west1"]

  validation {
    condition     = length(setsubtract(var.allowed_regions, ["europe-west1", "europe-west3", "europe-west4", "us-central1"])) == 0
    error_message = "allowed_regions contains a region outside the approved list: ${join(", ", setsubtract(var.allowed_regions, ["europe-west1", "europe-west3", "europe-west4", "us-central1"]))}."
  }
}

variable "password_policy" {
  type = object({
    min_length      = optional(number, 14)
    require_symbols = optional(bool, true)
    max_age_days    = optional(number, 90)
  })
  default = {}

  validation {
    condition     = var.password_policy.min_length >= 12
    error_message = "Passwords must be at least 12 characters long."
  }

  validation {
    condition     = var.password_policy.max_age_days == 0 || (var.password_policy.max_age_days >= 30 && var.password_policy.max_age_days <= 365)
    error_message = "max_age_days must be 0 (never) or between 30 and 365."
  }
}

variable "api_token" {
  type      = string
  default   = "tok_0123456789abcdef"
  sensitive = true

  validation {
    condition     = startswith(var.api_token, "tok_") && length(var.api_token) == 20
    error_message = "The API token must be tok_ followed by 16 characters."
  }
}

variable "audit_log_config" {
  type = list(object({
    service   = string
    log_types = list(string)
  }))
  default = []

  validation {
    condition     = alltrue([for c in var.audit_log_config : length(c.log_types) > 0 && alltrue([for t in c.log_types : contains(["ADMIN_READ", "DATA_READ", "DATA_WRITE"], t)])])
    error_message = "log_types must be a non-empty list of ADMIN_READ, DATA_READ and DATA_WRITE."
  }

  validation {
    condition     = length(distinct([for c in var.audit_log_config : c.service])) == length(var.audit_log_config)
    error_message = "Each service may appear once in audit_log_config."
  }
}

variable "session_duration" {
  type    = string
  default = "3600s"

  validation {
    condition     = can(regex("^[0-9]+s$", var.session_duration)) && try(tonumber(trimsuffix(var.session_duration, "s")) <= 43200, false)
    error_message = "session_duration must be a number of seconds (e.g. 3600s) up to 43200s."
  }
}

variable "description" {
  type    = string
  default = null

  validation {
    condition     = var.description == null || length(var.description) <= 256
    error_message = "The description is limited to 256 characters."
  }
}
