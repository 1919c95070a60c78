a = true ? 1 : var.b
