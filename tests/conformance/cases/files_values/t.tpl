Hello ${name}! %{ for x in items }[${x}]%{ endfor }
