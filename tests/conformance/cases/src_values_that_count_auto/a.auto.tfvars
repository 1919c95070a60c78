s = upper("a")
qq = var.x
