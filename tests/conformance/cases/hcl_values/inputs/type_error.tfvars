n = "x"
l = { a = 1 }
