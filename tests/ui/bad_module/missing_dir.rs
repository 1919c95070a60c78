mod m {
    tfvars::terraform_vars!("../../modules/does_not_exist");
}

fn main() {}
