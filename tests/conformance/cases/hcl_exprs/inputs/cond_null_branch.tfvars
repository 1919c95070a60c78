a = true ? null : 1
