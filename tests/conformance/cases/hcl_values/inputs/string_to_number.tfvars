n = "12"
l = [1, true]
