mod m {
    tfvars::terraform_vars!("../../modules/bad/cycles");
}

fn main() {}
