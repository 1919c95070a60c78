a = "hcl"
