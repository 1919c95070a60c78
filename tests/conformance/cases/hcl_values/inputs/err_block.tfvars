thing {
  s = "a"
}
