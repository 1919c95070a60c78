#![deny(warnings)]

include!("../../modules/schema_validation/expected.rs");

fn main() {}
