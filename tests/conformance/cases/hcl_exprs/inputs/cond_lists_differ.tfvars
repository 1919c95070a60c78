a = false ? [1] : [true, "x"]
