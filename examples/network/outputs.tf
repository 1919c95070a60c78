# What Terraform sees, for checking generated variable files (exact, via jsonencode).
output "effective" {
  value = jsonencode({
    region             = var.region
    vpc_cidr           = var.vpc_cidr
    availability_zones = var.availability_zones
    subnets            = var.subnets
    nat                = var.nat
    flow_logs          = var.flow_logs
    tags               = var.tags
  })
}

output "bastion_admin_password" {
  value     = var.bastion_admin_password
  sensitive = true
}
