mod all {
    tfvars::terraform_vars!("../../modules/all_types");
}

fn main() {
    // `host` is a required attribute of `server`.
    let _ = all::VariablesServer::builder().port(8443).build();
}
