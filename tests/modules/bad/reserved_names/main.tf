variable "source" {}
variable "version" {}
variable "count" {}
variable "for_each" {}
variable "depends_on" {}
variable "providers" {}
variable "lifecycle" {}
variable "locals" {}
variable "provider" {}
variable "_" {}
variable "1a" {}
variable "a b" {}
variable "dashes-are-fine" {}
