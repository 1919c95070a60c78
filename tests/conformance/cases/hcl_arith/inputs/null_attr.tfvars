a = { k = null }.k
