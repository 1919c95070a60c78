mod m {
    tfvars::terraform_vars!("../modules/cycles");
}

fn main() {}
