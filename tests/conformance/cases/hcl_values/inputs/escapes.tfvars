s = "tab\tq\"uni\u00e9"
a = "$${literal} %%{literal}"
