a = { for v in ["a", "a"] : v => 1 }
