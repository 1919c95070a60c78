a = null
s = null
