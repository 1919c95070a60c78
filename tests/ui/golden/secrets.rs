#![deny(warnings)]

include!("../../modules/secrets/expected.rs");

fn main() {}
