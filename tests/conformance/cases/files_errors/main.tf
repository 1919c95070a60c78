variable "e_file_missing" {
  default = "x"
  validation {
    condition     = var.e_file_missing == "x" && length(jsonencode(file("data/none.txt"))) > 0
    error_message = "unreachable"
  }
}
variable "e_file_not_utf8" {
  default = "x"
  validation {
    condition     = var.e_file_not_utf8 == "x" && length(jsonencode(file("data/b.bin"))) > 0
    error_message = "unreachable"
  }
}
variable "e_file_directory" {
  default = "x"
  validation {
    condition     = var.e_file_directory == "x" && length(jsonencode(file("data"))) > 0
    error_message = "unreachable"
  }
}
variable "e_filemd5_missing" {
  default = "x"
  validation {
    condition     = var.e_filemd5_missing == "x" && length(jsonencode(filemd5("none"))) > 0
    error_message = "unreachable"
  }
}
variable "e_fileexists_directory" {
  default = "x"
  validation {
    condition     = var.e_fileexists_directory == "x" && length(jsonencode(fileexists("data"))) > 0
    error_message = "unreachable"
  }
}
variable "e_fileexists_user_home" {
  default = "x"
  validation {
    condition     = var.e_fileexists_user_home == "x" && length(jsonencode(fileexists("~x/y"))) > 0
    error_message = "unreachable"
  }
}
variable "e_pathexpand_user_home" {
  default = "x"
  validation {
    condition     = var.e_pathexpand_user_home == "x" && length(jsonencode(pathexpand("~x"))) > 0
    error_message = "unreachable"
  }
}
variable "e_fileset_bad_pattern" {
  default = "x"
  validation {
    condition     = var.e_fileset_bad_pattern == "x" && length(jsonencode(fileset("data", "[a"))) > 0
    error_message = "unreachable"
  }
}
variable "e_templatefile_missing_var" {
  default = "x"
  validation {
    condition     = var.e_templatefile_missing_var == "x" && length(jsonencode(templatefile("t.tpl", {}))) > 0
    error_message = "unreachable"
  }
}
variable "e_templatefile_var_ref" {
  default = "x"
  validation {
    condition     = var.e_templatefile_var_ref == "x" && length(jsonencode(templatefile("t_var.tpl", {}))) > 0
    error_message = "unreachable"
  }
}
variable "e_templatefile_syntax" {
  default = "x"
  validation {
    condition     = var.e_templatefile_syntax == "x" && length(jsonencode(templatefile("t_bad.tpl", {}))) > 0
    error_message = "unreachable"
  }
}
variable "e_file_null" {
  default = "x"
  validation {
    condition     = var.e_file_null == "x" && length(jsonencode(file(null))) > 0
    error_message = "unreachable"
  }
}
variable "e_file_empty" {
  default = "x"
  validation {
    condition     = var.e_file_empty == "x" && length(jsonencode(file(""))) > 0
    error_message = "unreachable"
  }
}
variable "e_fileexists_empty" {
  default = "x"
  validation {
    condition     = var.e_fileexists_empty == "x" && length(jsonencode(fileexists(""))) > 0
    error_message = "unreachable"
  }
}
variable "e_fileset_null_pattern" {
  default = "x"
  validation {
    condition     = var.e_fileset_null_pattern == "x" && length(jsonencode(fileset("data", null))) > 0
    error_message = "unreachable"
  }
}
variable "e_templatefile_vars_list" {
  default = "x"
  validation {
    condition     = var.e_templatefile_vars_list == "x" && length(jsonencode(templatefile("t.tpl", []))) > 0
    error_message = "unreachable"
  }
}
variable "e_templatefile_eval_error" {
  default = "x"
  validation {
    condition     = var.e_templatefile_eval_error == "x" && length(jsonencode(templatefile("t_eval.tpl", {}))) > 0
    error_message = "unreachable"
  }
}
variable "e_templatefile_two_errors" {
  default = "x"
  validation {
    condition     = var.e_templatefile_two_errors == "x" && length(jsonencode(templatefile("t_two.tpl", {}))) > 0
    error_message = "unreachable"
  }
}
