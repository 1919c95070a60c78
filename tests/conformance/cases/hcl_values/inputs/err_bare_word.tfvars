s = hello
