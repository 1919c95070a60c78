variable "region" {
  type        = string
  description = "The AWS region to deploy the network into, e.g. `eu-west-1`."

  validation {
    condition     = can(regex("^[a-z]{2}-[a-z]+-[0-9]$", var.region))
    error_message = "The region must look like `eu-west-1`."
  }
}

variable "vpc_cidr" {
  type        = string
  description = "The VPC's IPv4 range."
  default     = "10.0.0.0/16"

  validation {
    condition     = can(cidrhost(var.vpc_cidr, 0))
    error_message = "vpc_cidr must be a valid IPv4 CIDR block."
  }
}

variable "availability_zones" {
  type        = set(string)
  description = "The zones subnets may use."

  validation {
    condition     = length(var.availability_zones) >= 2
    error_message = "At least two availability zones are needed for high availability."
  }
}

variable "subnets" {
  description = <<-EOT
    The subnets, by name.
    `public` subnets get a route to the internet gateway.
  EOT
  type = map(object({
    cidr   = string
    zone   = string
    public = optional(bool, false)
    tags   = optional(map(string), {})
  }))

  validation {
    condition     = alltrue([for s in var.subnets : can(cidrhost(s.cidr, 0))])
    error_message = "Every subnet cidr must be a valid CIDR block."
  }
}

variable "nat" {
  description = "NAT gateways; leave unset for none."
  type = object({
    mode            = optional(string, "single")
    eip_allocations = optional(list(string), [])
  })
  default = null

  validation {
    condition     = var.nat == null ? true : contains(["single", "per-zone"], var.nat.mode)
    error_message = "nat.mode must be \"single\" or \"per-zone\"."
  }
}

variable "flow_logs" {
  type = object({
    enabled        = bool
    retention_days = optional(number, 30)
  })
  default = {
    enabled = false
  }

  validation {
    condition     = var.flow_logs.retention_days >= 1 && var.flow_logs.retention_days <= 3653
    error_message = "Flow log retention must be between 1 and 3653 days."
  }
}

variable "bastion_admin_password" {
  type        = string
  sensitive   = true
  description = "Password of the bastion host's admin account."

  validation {
    condition     = length(var.bastion_admin_password) >= 12
    error_message = "The bastion password must be at least 12 characters long."
  }
}

variable "tags" {
  type    = map(string)
  default = {}
}
