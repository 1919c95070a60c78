s = upper("a")
