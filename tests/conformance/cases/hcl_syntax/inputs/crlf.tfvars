n = 5
a = "x"
