#![deny(warnings)]

mod m {
    tfvars::terraform_vars!("../../modules/unsupported_condition");
}

fn main() {}
