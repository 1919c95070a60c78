a = [for x in [1] : var.b]
