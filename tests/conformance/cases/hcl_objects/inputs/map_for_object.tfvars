o = tomap({ p = "x" })
