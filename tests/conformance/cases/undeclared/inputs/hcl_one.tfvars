nope = 1
x = "v"
