mod network {
    tfvars::terraform_vars!("../../../examples/network");
}

fn main() {
    // Only `region` is set: `availability_zones`, `subnets` and `bastion_admin_password` are
    // required, and each gets an error of its own that names it and where it is declared.
    let _ = network::Variables::builder().region("eu-west-1").build();
}
