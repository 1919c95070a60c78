# Stand-ins for a provider's resources: `terraform_data` is built into Terraform, so this
# module plans and applies offline.
resource "terraform_data" "network" {
  input = { environment = var.environment }
}

resource "terraform_data" "rule" {
  for_each = var.rules
  input = {
    port        = each.value.port
    cidrs       = each.value.cidrs
    logging     = each.value.logging
    owner       = "platform-team"
    network_id  = terraform_data.network.id # known only after apply
    admin_token = var.admin_token
  }
}
