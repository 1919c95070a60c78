a = false ? [1] : ["a"]
