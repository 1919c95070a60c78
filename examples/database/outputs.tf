# What Terraform sees, for checking generated variable files (exact, via jsonencode).
# `master_password` is ephemeral, so it cannot appear in an output.
output "effective" {
  value = jsonencode({
    name                = var.name
    engine              = var.engine
    instance_class      = var.instance_class
    storage_gb          = var.storage_gb
    replicas            = var.replicas
    backup              = var.backup
    parameters          = var.parameters
    allowed_cidrs       = var.allowed_cidrs
    deletion_protection = var.deletion_protection
  })
}
