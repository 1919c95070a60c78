variable "count" {}
