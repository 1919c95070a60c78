n = 2E5
s = 2E5
