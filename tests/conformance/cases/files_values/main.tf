variable "v_file" {
  default = "x"
  validation {
    condition     = var.v_file == "never"
    error_message = jsonencode(file("data/a.txt"))
  }
}
variable "v_file_dotdot" {
  default = "x"
  validation {
    condition     = var.v_file_dotdot == "never"
    error_message = jsonencode(file("./data/../data/a.txt"))
  }
}
variable "v_file_path_module" {
  default = "x"
  validation {
    condition     = var.v_file_path_module == "never"
    error_message = jsonencode(file("${path.module}/data/a.txt"))
  }
}
variable "v_file_nfc" {
  default = "x"
  validation {
    condition     = var.v_file_nfc == "never"
    error_message = jsonencode(file("nfc.txt"))
  }
}
variable "v_file_abs" {
  default = "x"
  validation {
    condition     = var.v_file_abs == "never"
    error_message = jsonencode(file(abspath("data/a.txt")))
  }
}
variable "v_fileexists_yes" {
  default = "x"
  validation {
    condition     = var.v_fileexists_yes == "never"
    error_message = jsonencode(fileexists("data/a.txt"))
  }
}
variable "v_fileexists_no" {
  default = "x"
  validation {
    condition     = var.v_fileexists_no == "never"
    error_message = jsonencode(fileexists("data/none.txt"))
  }
}
variable "v_fileexists_home" {
  default = "x"
  validation {
    condition     = var.v_fileexists_home == "never"
    error_message = jsonencode(fileexists("~/none"))
  }
}
variable "v_fileset_star" {
  default = "x"
  validation {
    condition     = var.v_fileset_star == "never"
    error_message = jsonencode(fileset("data", "*"))
  }
}
variable "v_fileset_doublestar" {
  default = "x"
  validation {
    condition     = var.v_fileset_doublestar == "never"
    error_message = jsonencode(fileset("data", "**"))
  }
}
variable "v_fileset_doublestar_txt" {
  default = "x"
  validation {
    condition     = var.v_fileset_doublestar_txt == "never"
    error_message = jsonencode(fileset("data", "**/*.txt"))
  }
}
variable "v_fileset_from_module" {
  default = "x"
  validation {
    condition     = var.v_fileset_from_module == "never"
    error_message = jsonencode(fileset(".", "data/*.txt"))
  }
}
variable "v_fileset_braces" {
  default = "x"
  validation {
    condition     = var.v_fileset_braces == "never"
    error_message = jsonencode(fileset("data", "{a,e}.*"))
  }
}
variable "v_fileset_class" {
  default = "x"
  validation {
    condition     = var.v_fileset_class == "never"
    error_message = jsonencode(fileset("data", "[ab].*"))
  }
}
variable "v_fileset_question" {
  default = "x"
  validation {
    condition     = var.v_fileset_question == "never"
    error_message = jsonencode(fileset("data", "sub/?.txt"))
  }
}
variable "v_fileset_none" {
  default = "x"
  validation {
    condition     = var.v_fileset_none == "never"
    error_message = jsonencode(fileset("data", "none*"))
  }
}
variable "v_fileset_path_module" {
  default = "x"
  validation {
    condition     = var.v_fileset_path_module == "never"
    error_message = jsonencode(fileset(path.module, "data/sub/**"))
  }
}
variable "v_fileset_dir_only" {
  default = "x"
  validation {
    condition     = var.v_fileset_dir_only == "never"
    error_message = jsonencode(fileset("data", "sub"))
  }
}
variable "v_fileset_missing_folder" {
  default = "x"
  validation {
    condition     = var.v_fileset_missing_folder == "never"
    error_message = jsonencode(fileset(pathexpand("./none"), "**/*"))
  }
}
variable "v_fileset_file_as_folder" {
  default = "x"
  validation {
    condition     = var.v_fileset_file_as_folder == "never"
    error_message = jsonencode(fileset("data/a.txt", "*"))
  }
}
variable "v_fileset_dot_pattern" {
  default = "x"
  validation {
    condition     = var.v_fileset_dot_pattern == "never"
    error_message = jsonencode(fileset("data", "./sub/*"))
  }
}
variable "v_fileset_up_pattern" {
  default = "x"
  validation {
    condition     = var.v_fileset_up_pattern == "never"
    error_message = jsonencode(fileset("data/sub", "../*.txt"))
  }
}
variable "v_fileexists_zip_rule" {
  default = "x"
  validation {
    condition     = var.v_fileexists_zip_rule == "never"
    error_message = jsonencode(try(fileexists(pathexpand("none.zip")), null) != null)
  }
}
variable "v_pathexpand_empty" {
  default = "x"
  validation {
    condition     = var.v_pathexpand_empty == "never"
    error_message = jsonencode(pathexpand(""))
  }
}
variable "v_abspath_empty" {
  default = "x"
  validation {
    condition     = var.v_abspath_empty == "never"
    error_message = jsonencode(abspath(""))
  }
}
variable "v_filebase64" {
  default = "x"
  validation {
    condition     = var.v_filebase64 == "never"
    error_message = jsonencode(filebase64("data/b.bin"))
  }
}
variable "v_filemd5" {
  default = "x"
  validation {
    condition     = var.v_filemd5 == "never"
    error_message = jsonencode(filemd5("data/a.txt"))
  }
}
variable "v_filesha1" {
  default = "x"
  validation {
    condition     = var.v_filesha1 == "never"
    error_message = jsonencode(filesha1("data/a.txt"))
  }
}
variable "v_filesha256" {
  default = "x"
  validation {
    condition     = var.v_filesha256 == "never"
    error_message = jsonencode(filesha256("data/b.bin"))
  }
}
variable "v_filesha512" {
  default = "x"
  validation {
    condition     = var.v_filesha512 == "never"
    error_message = jsonencode(filesha512("data/a.txt"))
  }
}
variable "v_filebase64sha256" {
  default = "x"
  validation {
    condition     = var.v_filebase64sha256 == "never"
    error_message = jsonencode(filebase64sha256("data/a.txt"))
  }
}
variable "v_filebase64sha512" {
  default = "x"
  validation {
    condition     = var.v_filebase64sha512 == "never"
    error_message = jsonencode(filebase64sha512("data/b.bin"))
  }
}
variable "v_templatefile" {
  default = "x"
  validation {
    condition     = var.v_templatefile == "never"
    error_message = jsonencode(templatefile("t.tpl", { name = "x", items = [1, 2] }))
  }
}
variable "v_templatefile_single" {
  default = "x"
  validation {
    condition     = var.v_templatefile_single == "never"
    error_message = jsonencode(templatefile("t_single.tpl", { v = [1, "a"] }))
  }
}
variable "v_pathexpand_home" {
  default = "x"
  validation {
    condition     = var.v_pathexpand_home == "never"
    error_message = jsonencode(pathexpand("~/x/../y"))
  }
}
variable "v_pathexpand_tilde" {
  default = "x"
  validation {
    condition     = var.v_pathexpand_tilde == "never"
    error_message = jsonencode(pathexpand("~"))
  }
}
variable "v_pathexpand_plain" {
  default = "x"
  validation {
    condition     = var.v_pathexpand_plain == "never"
    error_message = jsonencode(pathexpand("a/~"))
  }
}
variable "v_abspath" {
  default = "x"
  validation {
    condition     = var.v_abspath == "never"
    error_message = jsonencode(abspath("data/../x"))
  }
}
variable "v_abspath_absolute" {
  default = "x"
  validation {
    condition     = var.v_abspath_absolute == "never"
    error_message = jsonencode(abspath("/a/./b/.."))
  }
}
variable "v_path_module_root" {
  default = "x"
  validation {
    condition     = var.v_path_module_root == "never"
    error_message = jsonencode([path.module, path.root])
  }
}
variable "v_path_cwd" {
  default = "x"
  validation {
    condition     = var.v_path_cwd == "never"
    error_message = jsonencode(path.cwd)
  }
}
