//! Generated code documents every public item: a crate that denies `missing_docs` can expand
//! `terraform_vars!` in a public module. This file is that crate (it does not compile if a
//! generated struct, field, builder or method lacks docs). The facade's own docs build the
//! `examples/network` expansion as `tfvars::example` under the same `#![deny(missing_docs)]`.
#![deny(missing_docs)]

/// The bundled network example: nested objects, optional attributes with defaults, a sensitive
/// variable, nullable variables with non-null defaults (`null_*` methods).
pub mod network {
    tfvars::terraform_vars!("../examples/network");
}

/// The bundled database example, under another root name.
pub mod database {
    tfvars::terraform_vars!("../examples/database", name = Database);
}

/// Every Terraform type constructor, tuples, sets of objects, `any`.
pub mod all_types {
    tfvars::terraform_vars!("modules/all_types");
}

/// A `.tf.json` module.
pub mod schema_json {
    tfvars::terraform_vars!("modules/schema_json");
}

/// Rules that cannot be checked: the generated warning items are documented too.
#[allow(deprecated)]
pub mod unsupported_condition {
    tfvars::terraform_vars!("modules/unsupported_condition");
}

#[test]
fn documented_modules_expand() {
    assert_eq!(network::Variables::VARIABLES.len(), 8);
    assert!(!database::Database::VARIABLES.is_empty());
    assert!(!all_types::Variables::VARIABLES.is_empty());
    assert!(!schema_json::Variables::VARIABLES.is_empty());
    assert!(!unsupported_condition::Variables::VARIABLES.is_empty());
}

#[test]
fn root_and_field_docs_come_from_the_module() {
    let region = network::Variables::VARIABLES
        .iter()
        .find(|v| v.name == "region")
        .unwrap();
    assert_eq!(
        region.description,
        Some("The AWS region to deploy the network into, e.g. `eu-west-1`.")
    );
}
