ww = 2
