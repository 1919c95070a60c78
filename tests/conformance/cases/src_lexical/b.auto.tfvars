z = "b.auto.tfvars"
