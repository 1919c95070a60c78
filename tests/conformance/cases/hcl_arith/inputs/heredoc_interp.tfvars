a = <<EOT
${1 + 1} and %{ if true }yes%{ endif }
EOT
