a = "%{ for x in ["a", "b"] ~}
${x}
%{~ endfor }"
