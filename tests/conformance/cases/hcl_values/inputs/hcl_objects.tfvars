o = { p = "x" }
a = { "k-1" = 1, k2 = [true, null] }
