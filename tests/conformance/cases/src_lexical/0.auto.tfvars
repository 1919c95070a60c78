k = "0.auto"
