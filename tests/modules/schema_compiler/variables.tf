# Shapes the schema translates by composition; the property test (codegen/tests/schema_oracle.rs)
# checks each against the runtime.

variable "settings" {
  type = map(object({
    mode      = optional(string, "A")
    tier      = optional(string)
    name      = string
    size      = optional(number, 10)
    legacy    = optional(bool, false)
  }))
  default = {}
  validation {
    condition     = alltrue([for k, v in var.settings : contains(["A", "B"], v.mode)])
    error_message = "mode must be A or B."
  }
  validation {
    condition     = alltrue([for k, v in var.settings : v.tier == null || contains(["gold", "silver"], v.tier)])
    error_message = "tier must be gold or silver."
  }
  validation {
    condition     = alltrue([for s in var.settings : can(regex("^[a-z][a-z0-9-]*$", s.name))])
    error_message = "names are lowercase."
  }
  validation {
    condition     = alltrue([for s in var.settings : s.size >= 1 && s.size <= 100])
    error_message = "size between 1 and 100."
  }
}

variable "picky_default" {
  type = object({
    kind  = optional(string, "none")
    count = optional(number)
  })
  default = { kind = "x" }
  validation {
    condition     = contains(["x", "y"], var.picky_default.kind)
    error_message = "kind x or y (the default none is refused)."
  }
  validation {
    condition     = var.picky_default.count == null || var.picky_default.count > 0
    error_message = "count positive."
  }
}

variable "required_attr" {
  type = list(object({
    port = optional(number)
  }))
  default = []
  validation {
    condition     = alltrue([for r in var.required_attr : r.port > 0])
    error_message = "port must be set and positive."
  }
}

variable "label" {
  type    = string
  default = "abc"
  validation {
    condition     = var.label != ""
    error_message = "not empty: ${var.label}"
  }
  validation {
    condition     = can(regex("^[a-z0-9]+$", var.label))
    error_message = "lowercase and digits."
  }
}

variable "flag" {
  type    = bool
  default = true
  validation {
    condition     = var.flag == true || var.flag == null
    error_message = "flag must be true."
  }
}

variable "count_set" {
  type    = set(string)
  default = ["a"]
  validation {
    condition     = length(var.count_set) >= 1 && length(var.count_set) <= 2
    error_message = "one or two."
  }
}

variable "deprecated_setting" {
  type    = string
  default = null
  validation {
    condition     = var.deprecated_setting == null
    error_message = "deprecated_setting is no longer read: leave it out."
  }
}

variable "context" {
  type = any
  default = {
    enabled        = true
    label_key_case = null
  }
  description = "Untyped settings whose keys are checked one by one."
  validation {
    condition     = lookup(var.context, "label_key_case", null) == null ? true : contains(["lower", "title", "upper"], var.context["label_key_case"])
    error_message = "Allowed values: `lower`, `title`, `upper`."
  }
  validation {
    condition     = contains(["a", "b"], lookup(var.context, "mode", "a"))
    error_message = "mode is a or b (a when left out)."
  }
  validation {
    condition     = var.context.enabled != null
    error_message = "enabled must be set."
  }
}

variable "pools" {
  type = map(object({
    mode      = string
    providers = optional(list(object({ kind = string })), [])
  }))
  default = {}
  validation {
    condition     = alltrue([for p in values(var.pools) : contains(["auto", "manual"], p.mode)])
    error_message = "mode is auto or manual."
  }
  validation {
    condition     = alltrue([for k in keys(var.pools) : can(regex("^[a-z]+$", k))])
    error_message = "pool names are lowercase letters."
  }
  validation {
    condition     = alltrue(flatten([for k, p in var.pools : [for q in p.providers : contains(["oidc", "saml"], q.kind)]]))
    error_message = "provider kind is oidc or saml."
  }
}

variable "vpc_names" {
  type    = list(string)
  default = ["main"]
  validation {
    condition     = length([for name in var.vpc_names : name if length(name) > 16 || !can(regex("^([a-z]|[a-z][-a-z0-9]*[a-z0-9])$", name))]) == 0
    error_message = "VPC names: lowercase, at most 16 characters."
  }
}

variable "retention" {
  type    = number
  default = 7
  validation {
    condition     = !(var.retention < 1 || var.retention > 365)
    error_message = "1 to 365 days."
  }
  validation {
    condition     = !(var.retention == 13)
    error_message = "not 13."
  }
}

variable "timeouts" {
  type    = map(string)
  default = {}
  validation {
    condition     = !contains([for t in keys(var.timeouts) : contains(["create", "update", "delete"], t)], false)
    error_message = "timeouts: create, update or delete."
  }
  validation {
    condition     = !contains(keys(var.timeouts), "read")
    error_message = "read is not configurable."
  }
}

variable "filters" {
  type    = map(string)
  default = { state = "available" }
  validation {
    condition     = contains(keys(var.filters), "state")
    error_message = "filters need a state."
  }
}

variable "log_level" {
  type    = string
  default = "info"
  validation {
    condition     = anytrue([var.log_level == "debug", var.log_level == "info", var.log_level == "warn"])
    error_message = "debug, info or warn."
  }
}

variable "databases" {
  type = map(object({
    autoscale = optional(object({
      max_throughput = optional(number)
    }))
  }))
  default = {}
  validation {
    condition = alltrue([
      for k, v in var.databases :
      try(v.autoscale.max_throughput, null) != null ? v.autoscale.max_throughput >= 1000 : true
    ])
    error_message = "max_throughput is at least 1000."
  }
}

variable "backend" {
  type = object({
    cloudrun = optional(string)
    gce      = optional(string)
    hybrid   = optional(string)
  })
  default = { cloudrun = "svc" }
  validation {
    condition     = (var.backend.cloudrun != null ? 1 : 0) + (var.backend.gce != null ? 1 : 0) + (var.backend.hybrid == null ? 0 : 1) == 1
    error_message = "exactly one of cloudrun, gce, hybrid."
  }
}

variable "tier" {
  type    = string
  default = null
  validation {
    condition     = contains(["basic", "premium"], coalesce(var.tier, "basic"))
    error_message = "basic or premium (empty or null means basic)."
  }
}

variable "sku" {
  type    = string
  default = "Standard"
  validation {
    condition     = !contains(["", "Legacy"], coalesce(var.sku, "Legacy"))
    error_message = "not Legacy, which is also what empty or null means."
  }
}

variable "release_channel" {
  type    = string
  default = "STABLE"
  validation {
    condition     = coalesce(var.release_channel, "REGULAR") != "RAPID"
    error_message = "not RAPID."
  }
}

variable "edition" {
  type    = string
  default = null
  validation {
    condition     = (var.edition == null ? "ENTERPRISE" : var.edition) == "STANDARD" || (var.edition != null ? var.edition : "ENTERPRISE") == "ENTERPRISE"
    error_message = "STANDARD or ENTERPRISE (null means ENTERPRISE)."
  }
}

variable "replica_count" {
  type    = number
  default = null
  validation {
    condition     = contains([1, 3, 5], var.replica_count == null ? 1 : var.replica_count)
    error_message = "1, 3 or 5."
  }
}

variable "bucket_storage" {
  type = object({
    class = optional(string)
    size  = optional(number, 10)
  })
  default = { class = "STANDARD" }
  validation {
    condition     = contains(["STANDARD", "NEARLINE", ""], coalesce(var.bucket_storage.class, "COLDLINE"))
    error_message = "STANDARD or NEARLINE."
  }
}

variable "access_rules" {
  type = list(object({
    name   = string
    access = optional(string)
  }))
  default = []
  validation {
    condition     = alltrue([for r in var.access_rules : contains(["Allow", "Deny"], coalesce(r.access, "Allow"))])
    error_message = "Allow or Deny."
  }
}

variable "pcp_tier" {
  type    = string
  default = null
  validation {
    condition     = var.pcp_tier == null || contains(["XL", "2XL"], coalesce(var.pcp_tier, ""))
    error_message = "XL or 2XL."
  }
}

variable "access_tier" {
  type    = string
  default = "Hot"
  validation {
    condition     = contains(["Hot", "Cool", "0"], coalesce(var.access_tier, 0))
    error_message = "Hot or Cool."
  }
}

variable "provisioning" {
  type = object({
    mode = optional(string)
    size = optional(number)
  })
  default = null
  validation {
    condition     = try(var.provisioning.mode, null) != "Auto"
    error_message = "not Auto."
  }
  validation {
    condition     = contains(["Manual", "Auto", "none"], try(var.provisioning.mode, "none"))
    error_message = "Manual or Auto."
  }
}

variable "upgrade_pools" {
  type = map(object({
    behavior = optional(string, "Schedule")
  }))
  default = {}
  validation {
    condition     = alltrue([for k, v in var.upgrade_pools : contains(["Cordon", "Schedule"], try(v.behavior, "Schedule"))])
    error_message = "Cordon or Schedule."
  }
  validation {
    condition     = alltrue([for k, v in var.upgrade_pools : !contains(["", "Drain"], try(v.behavior, null))])
    error_message = "not Drain."
  }
}

variable "ingress_settings" {
  type = object({
    transport = optional(string)
    affinity  = optional(string, "none")
    port      = optional(number)
  })
  default = null
  validation {
    condition     = try(var.ingress_settings.transport == null ? true : contains(["auto", "http", "tcp"], var.ingress_settings.transport), true)
    error_message = "auto, http or tcp."
  }
  validation {
    condition     = try(contains(["none", "sticky"], var.ingress_settings.affinity), false)
    error_message = "none or sticky."
  }
}

variable "probe_settings" {
  type = object({
    port    = optional(number)
    timeout = optional(number, 5)
  })
  default = null
  validation {
    condition     = try(var.probe_settings.port > 0, true)
    error_message = "a positive port."
  }
}

variable "probe_limits" {
  type = object({
    timeout = optional(number, 5)
  })
  default = {}
  validation {
    condition     = try(var.probe_limits.timeout < 60, false)
    error_message = "under a minute."
  }
}

variable "http_protocol" {
  type    = string
  default = null
  validation {
    condition     = anytrue([var.http_protocol == null, try(contains(["https", "http"], var.http_protocol), false)])
    error_message = "https or http."
  }
}

variable "agents_count" {
  type    = number
  default = 2
  validation {
    condition     = try(var.agents_count, 0) >= 1
    error_message = "at least one."
  }
}
