l = [for i in [1, 2, 3] : i * 2]
a = [for i in [1, 2, 3] : i if i > 1]
