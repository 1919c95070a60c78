#![deny(warnings)]

mod all {
    tfvars::terraform_vars!("../../modules/all_types");
}

// Two invocations of one module under different names, in one module, do not clash.
tfvars::terraform_vars!("../../modules/all_types", name = First);
tfvars::terraform_vars!("../../modules/all_types", name = Second, terraform_version = "1.11");

fn main() {
    let v = all::Variables::builder()
        .name("n")
        .zones(vec!["a".into()])
        .password("p")
        .server(all::VariablesServer::builder().host("h").build())
        .count_of(1.5)
        .build();
    let _ = v.to_tfvars_json();
    let _: Option<FirstServer> = None;
    let _: Option<SecondServer> = None;
}
