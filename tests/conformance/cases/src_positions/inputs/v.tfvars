
v = "ab"
