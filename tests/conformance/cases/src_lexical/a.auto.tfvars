p = "a"
q = "a.auto.tfvars"
s = "a"
