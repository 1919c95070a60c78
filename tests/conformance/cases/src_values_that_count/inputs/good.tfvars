s = "a"
r = "b"
l = []
