s = var.n
