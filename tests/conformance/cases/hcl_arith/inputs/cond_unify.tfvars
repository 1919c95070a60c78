a = true ? 1 : "a"
