variable "name" {
  type = string

  validation {
    condition     = provider::corp::valid_name(var.name)
    error_message = "The name is not valid."
  }

  validation {
    condition     = length(var.name) > 0
    error_message = "The name must not be empty."
  }
}

variable "created" {
  type    = string
  default = "2024-01-01"

  validation {
    condition     = timecmp(var.created, plantimestamp()) < 0
    error_message = "created must be in the past."
  }
}
