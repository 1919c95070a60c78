s = "x${null}"
