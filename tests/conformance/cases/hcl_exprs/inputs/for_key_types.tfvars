a = { for i, v in [10, 20] : i => v }
