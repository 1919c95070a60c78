s = upper("a")
r = var.x
l = [1][5]
zz = upper("q")
yy = 2
