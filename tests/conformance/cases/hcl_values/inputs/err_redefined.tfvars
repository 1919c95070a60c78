s = "a"
s = "b"
