a = <<EOT
x
EOT
