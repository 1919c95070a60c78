a = [for x in [1, 2] : [for y in [3, 4] : x * y]]
