a = { for v in ["a", "b", "a"] : v => v... }
