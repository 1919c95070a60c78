s = local.x
