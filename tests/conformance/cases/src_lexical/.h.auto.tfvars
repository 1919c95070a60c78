h = "hidden"
