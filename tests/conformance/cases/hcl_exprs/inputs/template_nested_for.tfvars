s = "%{ for x in [1, 2] }%{ for y in ["a"] }${x}${y}%{ endfor }%{ endfor }"
