locals {
  allowed_machine_families = ["e2", "n2", "n2d", "c3"]
  max_nodes_total          = 100
  sizes = {
    small  = 2
    medium = 4
    large  = 8
  }
}

variable "node_pools" {
  type = map(object({
    machine_type = string
    min_count    = optional(number, 1)
    max_count    = optional(number, 3)
    disk_size_gb = optional(number, 100)
    spot         = optional(bool, false)
    labels       = optional(map(string), {})
    taints = optional(list(object({
      key    = string
      value  = string
      effect = string
    })), [])
  }))

  validation {
    condition     = alltrue([for k, p in var.node_pools : p.min_count <= p.max_count])
    error_message = "Each node pool needs min_count <= max_count."
  }

  validation {
    condition     = alltrue([for p in values(var.node_pools) : contains(local.allowed_machine_families, split("-", p.machine_type)[0])])
    error_message = "Machine types must be from the families ${join(", ", local.allowed_machine_families)}."
  }

  validation {
    condition     = sum(concat([0], [for p in values(var.node_pools) : p.max_count])) <= local.max_nodes_total
    error_message = "The node pools may not exceed ${local.max_nodes_total} nodes in total."
  }

  validation {
    condition     = alltrue(flatten([for p in values(var.node_pools) : [for t in p.taints : contains(["NoSchedule", "PreferNoSchedule", "NoExecute"], t.effect)]]))
    error_message = "Taint effects must be NoSchedule, PreferNoSchedule or NoExecute."
  }

  validation {
    condition     = alltrue([for p in values(var.node_pools) : p.disk_size_gb >= 10 && p.disk_size_gb <= 65536])
    error_message = "disk_size_gb must be between 10 and 65536."
  }

  validation {
    condition     = length([for p in values(var.node_pools) : p if !p.spot]) >= 1
    error_message = "At least one node pool must not use spot instances."
  }
}

variable "instance_size" {
  type    = string
  default = "small"

  validation {
    condition     = lookup(local.sizes, var.instance_size, null) != null
    error_message = "instance_size must be one of ${join(", ", keys(local.sizes))}."
  }
}

variable "cpu_count" {
  type    = number
  default = 2

  validation {
    condition     = var.cpu_count >= lookup(local.sizes, var.instance_size, 0)
    error_message = "cpu_count must be at least the size's ${lookup(local.sizes, var.instance_size, 0)} CPUs."
  }

  validation {
    condition     = contains([1, 2, 4, 8, 16, 32, 64], var.cpu_count)
    error_message = "cpu_count must be a power of two up to 64."
  }
}

variable "memory_mb" {
  type    = number
  default = 4096

  validation {
    condition     = var.memory_mb % 256 == 0
    error_message = "memory_mb must be a multiple of 256."
  }

  validation {
    condition     = var.memory_mb / var.cpu_count >= 1024 && var.memory_mb / var.cpu_count <= 8192
    error_message = "Memory per CPU must be between 1 and 8 GiB."
  }
}

variable "autoscaling" {
  type = object({
    enabled      = bool
    min_replicas = optional(number)
    max_replicas = optional(number)
    target_cpu   = optional(number, 70)
  })
  default = { enabled = false }

  validation {
    condition     = !var.autoscaling.enabled || (try(var.autoscaling.min_replicas, null) != null && try(var.autoscaling.max_replicas, null) != null)
    error_message = "min_replicas and max_replicas are required when autoscaling is enabled."
  }

  validation {
    condition     = coalesce(var.autoscaling.min_replicas, 1) <= coalesce(var.autoscaling.max_replicas, 1000)
    error_message = "min_replicas must not exceed max_replicas."
  }

  validation {
    condition     = var.autoscaling.target_cpu > 0 && var.autoscaling.target_cpu <= 100
    error_message = "target_cpu is a percentage between 1 and 100."
  }
}

variable "boot_disk" {
  type = object({
    type    = optional(string, "pd-balanced")
    size_gb = optional(number, 50)
    image   = optional(string)
  })
  default = {}

  validation {
    condition     = contains(["pd-standard", "pd-balanced", "pd-ssd", "hyperdisk-balanced"], var.boot_disk.type)
    error_message = "The boot disk type ${var.boot_disk.type} is not supported."
  }

  validation {
    condition     = try(var.boot_disk.image, null) == null || can(regex("^projects/[^/]+/global/images/", var.boot_disk.image))
    error_message = "boot_disk.image must be a full image path (projects/…/global/images/…)."
  }
}

variable "maintenance_window" {
  type    = string
  default = "Sun:03:00-Sun:04:00"

  validation {
    condition     = can(regex("^(Mon|Tue|Wed|Thu|Fri|Sat|Sun):([01][0-9]|2[0-3]):[0-5][0-9]-(Mon|Tue|Wed|Thu|Fri|Sat|Sun):([01][0-9]|2[0-3]):[0-5][0-9]$", var.maintenance_window))
    error_message = "maintenance_window must read ddd:hh:mm-ddd:hh:mm."
  }
}

variable "startup_script" {
  type    = string
  default = null

  validation {
    condition     = var.startup_script == null || length(coalesce(var.startup_script, " ")) <= 16384
    error_message = "startup_script is limited to 16 KiB."
  }
}

variable "replicas" {
  type    = number
  default = 3

  validation {
    condition     = var.replicas == floor(var.replicas) && var.replicas >= 1
    error_message = "replicas must be a positive whole number."
  }

  validation {
    condition     = var.replicas % 2 == 1
    error_message = "replicas must be odd so that a quorum exists."
  }
}

variable "deployment" {
  type = object({
    strategy        = optional(string, "rolling")
    max_surge       = optional(string, "25%")
    max_unavailable = optional(string, "0")
  })
  default = {}

  validation {
    condition     = contains(["rolling", "recreate", "blue-green"], var.deployment.strategy)
    error_message = "deployment.strategy must be rolling, recreate or blue-green."
  }

  validation {
    condition     = alltrue([for v in [var.deployment.max_surge, var.deployment.max_unavailable] : can(regex("^([0-9]+%?)$", v))])
    error_message = "max_surge and max_unavailable must be counts or percentages."
  }

  validation {
    condition     = !(var.deployment.max_surge == "0" && var.deployment.max_unavailable == "0")
    error_message = "max_surge and max_unavailable cannot both be zero."
  }
}

variable "scheduling" {
  type = object({
    preemptible       = optional(bool, false)
    automatic_restart = optional(bool, true)
  })
  default = {}

  validation {
    condition     = !(var.scheduling.preemptible && var.scheduling.automatic_restart)
    error_message = "Preemptible instances cannot restart automatically."
  }
}

variable "extra_disks" {
  type = list(object({
    name    = string
    size_gb = number
  }))
  default = []

  validation {
    condition     = length(var.extra_disks) == length(distinct([for d in var.extra_disks : d.name]))
    error_message = "Extra disk names must be unique."
  }

  validation {
    condition     = sum(concat([0], [for d in var.extra_disks : d.size_gb])) <= 10000
    error_message = "Extra disks may not exceed 10000 GB in total."
  }
}

variable "primary_pool" {
  type    = string
  default = null

  validation {
    condition     = var.primary_pool == null || contains(keys(var.node_pools), coalesce(var.primary_pool, "-"))
    error_message = "primary_pool must name one of the node pools."
  }
}

variable "gpu" {
  type = object({
    type  = string
    count = number
  })
  default = null

  validation {
    condition     = try(var.gpu.count, 0) == 0 || contains(["nvidia-l4", "nvidia-tesla-t4"], try(var.gpu.type, ""))
    error_message = "Only nvidia-l4 and nvidia-tesla-t4 GPUs are offered."
  }

  validation {
    condition     = try(contains([1, 2, 4, 8], var.gpu.count), true)
    error_message = "The GPU count must be 1, 2, 4 or 8."
  }
}
