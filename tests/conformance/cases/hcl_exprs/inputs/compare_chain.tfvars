a = 1 < 2 == true
