a = [for i, v in ["a", "b"] : "${i}=${v}"]
