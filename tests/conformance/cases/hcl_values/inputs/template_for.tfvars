s = "%{for i in [1, 2, 3]}${i},%{endfor}"
