p = "B"
