#![deny(warnings)]

include!("../../modules/schema_nfc/expected.rs");

fn main() {}
