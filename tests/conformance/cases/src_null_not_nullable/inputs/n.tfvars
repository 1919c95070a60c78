l = null
