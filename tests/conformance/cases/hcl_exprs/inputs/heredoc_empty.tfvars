s = <<EOT
EOT
