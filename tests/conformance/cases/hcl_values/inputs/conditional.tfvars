a = 1 > 2 ? "yes" : "no"
s = true ? 5 : 6
