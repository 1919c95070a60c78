t = "terraform.tfvars"
k = "terraform.tfvars"
