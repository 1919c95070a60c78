a = { for k, v in { a = 1, b = 2, c = 3 } : k => v if v != 2 }
