#![deny(warnings)]

include!("../../modules/schema_types/expected.rs");

fn main() {}
