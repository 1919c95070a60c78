mod all {
    tfvars::terraform_vars!("../../modules/all_types");
}

fn main() {
    // `password` and `server` are required and not set.
    let _ = all::Variables::builder()
        .name("web")
        .zones(vec![])
        .build();
}
