a = [for c in "abc" : c]
