r = "x"

  v = "ab"
