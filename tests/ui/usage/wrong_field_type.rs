mod all {
    tfvars::terraform_vars!("../../modules/all_types");
}

fn main() {
    let _ = all::Variables::builder().zones("a");
    let _ = all::Variables::builder().enabled("yes");
}
