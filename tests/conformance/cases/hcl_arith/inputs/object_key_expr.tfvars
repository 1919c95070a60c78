a = { "a b" = 1, (format) = 2 }
