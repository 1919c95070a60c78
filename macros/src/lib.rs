//! The `terraform_vars!` macro. All the work happens in `tfvars-codegen`.

use proc_macro::TokenStream;

/// Generates typed variables for a Terraform module.
#[proc_macro]
pub fn terraform_vars(input: TokenStream) -> TokenStream {
    let _ = input;
    TokenStream::new()
}
