o = { p = "x", r = [1, "1", true] }
