s = <<EOT
a\nb \u00e9
EOT
