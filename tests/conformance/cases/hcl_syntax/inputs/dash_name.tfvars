a-b = 1
