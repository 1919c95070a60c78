s = "a\qb"
