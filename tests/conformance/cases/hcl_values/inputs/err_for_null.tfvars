l = [for i in null : i]
