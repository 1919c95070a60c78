s = "%{ if false }a%{ else }b%{ endif }"
