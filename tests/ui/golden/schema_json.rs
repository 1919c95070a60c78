#![deny(warnings)]

include!("../../modules/schema_json/expected.rs");

fn main() {}
