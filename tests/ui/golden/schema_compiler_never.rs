#![deny(warnings)]

include!("../../modules/schema_compiler_never/expected.rs");

fn main() {}
