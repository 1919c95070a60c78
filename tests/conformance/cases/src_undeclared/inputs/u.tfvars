yy = 2
