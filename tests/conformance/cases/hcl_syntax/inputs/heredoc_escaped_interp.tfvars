a = <<EOT
$${not} %%{not}
EOT
