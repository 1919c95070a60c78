a = { for k, v in { x = 1, y = 2 } : k => v * 10 }
