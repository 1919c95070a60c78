a = [for k, v in { b = 1, a = 2, c = 3 } : k]
