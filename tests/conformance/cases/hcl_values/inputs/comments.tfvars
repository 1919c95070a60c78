# hash
// slashes
/* block */
s = "c" # trailing
