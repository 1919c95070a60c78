mod a {
    tfvars::terraform_vars!("../../modules/all_types", terraform_version = "0.12");
}

mod b {
    tfvars::terraform_vars!("../../modules/all_types", nmae = Vars);
}

mod c {
    tfvars::terraform_vars!("../../modules/all_types", name = r#type);
}

fn main() {}
