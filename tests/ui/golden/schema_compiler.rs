#![deny(warnings)]

include!("../../modules/schema_compiler/expected.rs");

fn main() {}
