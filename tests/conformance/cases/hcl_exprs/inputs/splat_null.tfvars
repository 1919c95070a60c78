a = null[*]
