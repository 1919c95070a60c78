#![deny(warnings)]

include!("../../modules/all_types/expected.rs");

fn main() {}
