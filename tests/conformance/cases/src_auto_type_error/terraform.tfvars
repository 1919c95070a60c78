n = "x"
