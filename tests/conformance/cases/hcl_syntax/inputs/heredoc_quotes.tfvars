a = <<EOT
"quoted" and ${"interp"}
EOT
