variable "vpc_cidr" {
  type        = string
  description = "The VPC's IPv4 range."

  validation {
    condition     = can(cidrhost(var.vpc_cidr, 0))
    error_message = "vpc_cidr must be a valid IPv4 CIDR block."
  }

  validation {
    condition     = can(cidrnetmask(var.vpc_cidr)) && tonumber(split("/", var.vpc_cidr)[1]) >= 16 && tonumber(split("/", var.vpc_cidr)[1]) <= 24
    error_message = "vpc_cidr must be an IPv4 block with a prefix between /16 and /24."
  }

  validation {
    condition     = cidrhost(var.vpc_cidr, 0) == split("/", var.vpc_cidr)[0]
    error_message = "vpc_cidr must be the network address of its block (host bits zero)."
  }
}

variable "subnets" {
  type = map(object({
    cidr   = string
    zone   = string
    public = optional(bool, false)
    nat    = optional(bool)
  }))

  validation {
    condition     = alltrue([for name, s in var.subnets : can(cidrnetmask(s.cidr))])
    error_message = "Every subnet cidr must be a valid IPv4 CIDR block."
  }

  validation {
    condition     = alltrue([for s in values(var.subnets) : contains(["a", "b", "c"], s.zone)])
    error_message = "Subnet zones must be a, b or c."
  }

  validation {
    condition     = length(distinct([for s in values(var.subnets) : s.cidr])) == length(var.subnets)
    error_message = "Subnet CIDR blocks must be unique."
  }

  validation {
    condition     = alltrue([for k in keys(var.subnets) : can(regex("^[a-z][a-z0-9-]*$", k))])
    error_message = "Subnet names must be lowercase, starting with a letter."
  }

  validation {
    condition     = alltrue([for s in values(var.subnets) : s.nat == null || !s.public])
    error_message = "nat can only be set on private subnets."
  }

  validation {
    condition     = anytrue([for s in values(var.subnets) : !s.public])
    error_message = "At least one subnet must be private."
  }
}

variable "allowed_cidrs" {
  type    = list(string)
  default = ["10.0.0.0/8"]

  validation {
    condition     = alltrue([for c in var.allowed_cidrs : can(cidrhost(c, 0)) && c != "0.0.0.0/0"])
    error_message = "allowed_cidrs must be CIDR blocks, and 0.0.0.0/0 is not allowed."
  }

  validation {
    condition     = length(var.allowed_cidrs) > 0 && length(var.allowed_cidrs) <= 10
    error_message = "Between 1 and 10 allowed CIDR blocks are required."
  }
}

variable "ingress_rules" {
  type = list(object({
    description = optional(string, "")
    from_port   = number
    to_port     = number
    protocol    = string
    cidrs       = optional(list(string), [])
  }))
  default = []

  validation {
    condition     = alltrue([for r in var.ingress_rules : r.from_port >= 0 && r.to_port <= 65535 && r.from_port <= r.to_port])
    error_message = "Each rule needs 0 <= from_port <= to_port <= 65535."
  }

  validation {
    condition     = alltrue([for r in var.ingress_rules : contains(["tcp", "udp", "icmp", "-1"], lower(r.protocol))])
    error_message = "Rule protocols must be tcp, udp, icmp or -1."
  }

  validation {
    condition     = alltrue(flatten([for r in var.ingress_rules : [for c in r.cidrs : can(cidrnetmask(c))]]))
    error_message = "Every rule CIDR must be a valid IPv4 block."
  }

  validation {
    condition     = length(flatten([for r in var.ingress_rules : r.cidrs])) <= 50
    error_message = "At most 50 CIDR blocks may be listed across all rules."
  }
}

variable "dns_servers" {
  type    = list(string)
  default = []

  validation {
    condition     = alltrue([for ip in var.dns_servers : can(regex("^(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3}$", ip))])
    error_message = "dns_servers must be IPv4 addresses."
  }

  validation {
    condition     = length(var.dns_servers) == length(toset(var.dns_servers))
    error_message = "dns_servers must not repeat an address."
  }
}

variable "azs" {
  type    = list(string)
  default = ["eu-west-1a", "eu-west-1b"]

  validation {
    condition     = length(var.azs) >= 2
    error_message = "At least two availability zones are required for high availability."
  }

  validation {
    condition     = length(setintersection(toset(var.azs), toset(["eu-west-1a", "eu-west-1b", "eu-west-1c"]))) == length(var.azs)
    error_message = "Availability zones must be in eu-west-1."
  }
}

variable "private_subnet_cidrs" {
  type    = list(string)
  default = ["10.0.1.0/24", "10.0.2.0/24"]

  validation {
    condition     = length(var.private_subnet_cidrs) == length(var.azs)
    error_message = "Give one private subnet per availability zone (${length(var.azs)})."
  }

  validation {
    condition     = alltrue([for c in var.private_subnet_cidrs : cidrhost(c, 0) == cidrhost(cidrsubnet(var.vpc_cidr, tonumber(split("/", c)[1]) - tonumber(split("/", var.vpc_cidr)[1]), 0), 0) || startswith(c, join(".", slice(split(".", split("/", var.vpc_cidr)[0]), 0, 2)))])
    error_message = "Private subnets must lie inside the VPC range."
  }
}

variable "enable_ipv6" {
  type    = bool
  default = false
}

variable "ipv6_cidr" {
  type    = string
  default = null

  validation {
    condition     = var.ipv6_cidr == null ? !var.enable_ipv6 : can(cidrhost(var.ipv6_cidr, 1))
    error_message = "Set ipv6_cidr to an IPv6 block exactly when enable_ipv6 is true."
  }
}

variable "nat_gateway_count" {
  type    = number
  default = 1

  validation {
    condition     = var.nat_gateway_count >= 0 && var.nat_gateway_count <= length(var.azs)
    error_message = "nat_gateway_count must be between 0 and the number of availability zones."
  }
}

variable "flow_log_retention_days" {
  type    = number
  default = 30

  validation {
    condition     = contains([1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1827, 3653], var.flow_log_retention_days)
    error_message = "flow_log_retention_days must be a CloudWatch retention period."
  }
}

variable "peering" {
  type = map(object({
    peer_vpc_id = string
    peer_cidr   = string
  }))
  default = {}

  validation {
    condition     = alltrue([for p in var.peering : can(regex("^vpc-[0-9a-f]{8,17}$", p.peer_vpc_id))])
    error_message = "peer_vpc_id must be a VPC id (vpc-…)."
  }

  validation {
    condition     = alltrue([for p in var.peering : cidrhost(p.peer_cidr, 0) != cidrhost(var.vpc_cidr, 0)])
    error_message = "A peer VPC cannot use the same range as this VPC."
  }
}
