s =
