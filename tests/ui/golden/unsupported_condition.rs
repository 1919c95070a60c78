#![deny(warnings)]
#![allow(deprecated)] // the unchecked-rule warnings, tested in tests/ui/warnings

include!("../../modules/unsupported_condition/expected.rs");

fn main() {}
