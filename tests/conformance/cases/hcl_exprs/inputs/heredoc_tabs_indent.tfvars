s = <<-EOT
	  a
	  b
	EOT
