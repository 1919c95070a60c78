variable "v_env" {
  type = string
  default = "default"
}
output "v_env" {
  value = var.v_env
}
output "v_env__json" {
  value = jsonencode(var.v_env)
}
variable "v_tfvars" {
  type = string
  default = "default"
}
output "v_tfvars" {
  value = var.v_tfvars
}
output "v_tfvars__json" {
  value = jsonencode(var.v_tfvars)
}
variable "v_tfvars_json" {
  type = string
  default = "default"
}
output "v_tfvars_json" {
  value = var.v_tfvars_json
}
output "v_tfvars_json__json" {
  value = jsonencode(var.v_tfvars_json)
}
variable "v_auto_a" {
  type = string
  default = "default"
}
output "v_auto_a" {
  value = var.v_auto_a
}
output "v_auto_a__json" {
  value = jsonencode(var.v_auto_a)
}
variable "v_auto_b_json" {
  type = string
  default = "default"
}
output "v_auto_b_json" {
  value = var.v_auto_b_json
}
output "v_auto_b_json__json" {
  value = jsonencode(var.v_auto_b_json)
}
variable "v_auto_c" {
  type = string
  default = "default"
}
output "v_auto_c" {
  value = var.v_auto_c
}
output "v_auto_c__json" {
  value = jsonencode(var.v_auto_c)
}
variable "v_var_file" {
  type = string
  default = "default"
}
output "v_var_file" {
  value = var.v_var_file
}
output "v_var_file__json" {
  value = jsonencode(var.v_var_file)
}
variable "v_var" {
  type = string
  default = "default"
}
output "v_var" {
  value = var.v_var
}
output "v_var__json" {
  value = jsonencode(var.v_var)
}
