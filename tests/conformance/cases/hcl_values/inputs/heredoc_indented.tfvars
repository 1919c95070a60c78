s = <<-EOT
    line one
      line two
    EOT
