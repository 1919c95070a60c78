n = 2e+5
s = 2e+5
