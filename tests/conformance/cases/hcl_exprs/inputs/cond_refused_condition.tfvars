a = var.b ? var.c : 1
