s = "a${1 + 1}b"
a = "${true}"
