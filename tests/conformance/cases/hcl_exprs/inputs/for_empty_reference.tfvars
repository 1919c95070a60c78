a = [for x in [] : var.b]
