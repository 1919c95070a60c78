a = [1 == 1.0, "a" != "b", 2 > 1, !true, true && false, false || true]
