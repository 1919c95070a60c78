a = [true, false, null]
