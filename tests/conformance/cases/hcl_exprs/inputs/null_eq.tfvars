a = [null == 1, null != null]
