# `any` values whose numbers do not fit an f64: `tests/any_exact.rs` writes them with the
# generated API and checks that Terraform sees them unchanged.

variable "numbers" {
  type = map(any)
}

variable "loose" {
  description = "No type: anything."
}

variable "mixed" {
  type    = list(any)
  default = []
}

output "numbers" {
  value = var.numbers
}

output "loose" {
  value = var.loose
}

output "mixed" {
  value = var.mixed
}
