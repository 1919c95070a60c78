//! The 250-variable benchmark module (deep optional object types, validations) expands and
//! compiles without a warning, even with every warning denied (clippy lints this file in CI).
#![deny(warnings)]

mod large {
    tfvars::terraform_vars!("modules/large");
}

#[test]
fn large_module_expands() {
    assert_eq!(large::Variables::VARIABLES.len(), 250);
    assert!(large::Variables::JSON_SCHEMA.starts_with('{'));
}
