s = <<-EOT
    a
  b
      c
  EOT
