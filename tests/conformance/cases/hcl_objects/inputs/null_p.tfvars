o = { p = null }
