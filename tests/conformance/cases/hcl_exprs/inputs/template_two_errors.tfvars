s = "${[1]}-${null}-${true}"
