s = <<EOT
abc
