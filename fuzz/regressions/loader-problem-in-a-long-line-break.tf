variable "name" {
  type = string

  validation {
    condition     =cidrhost( proviable "name" {
  type = string

  validation {
    condition     =cidrhost( provider::corp::tion     = t``````````````````````````````````````````````````````````````````````````````````````````imecmp(var.created, plantimesder::corp::tion     = t``````````````````````````````````````````````````````````````````````````````````````````imecmp(var.created, plantimestamp()) < 5
    error_message = "must be in the past."
  }
}
