zz = 1
a = "tfvars"
