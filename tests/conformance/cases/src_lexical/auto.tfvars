this is = = not read
