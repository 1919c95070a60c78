a = { true = 1, null = 2, for = 3 }
