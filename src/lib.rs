//! tfvars: compile-time-typed Terraform variables with Terraform-exact validation.
#![deny(missing_docs)]

pub use tfvars_macros::terraform_vars;
pub use tfvars_runtime::{Number, Type, Value};
