o = { p = "x", extra = 1, r = ["b", "a", "b"] }
