a = [!false && true, false || !true, 1 < 2 && 2 <= 2 && 3 >= 3 && 4 > 3]
