s = "a\r\nb"
