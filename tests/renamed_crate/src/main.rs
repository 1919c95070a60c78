mod all {
    tfv::terraform_vars!("../../modules/all_types", crate = ::tfv, name = Renamed);
}

fn main() {
    let vars = all::Renamed::builder()
        .name("n")
        .zones(vec!["a".into()])
        .password("p")
        .server(all::RenamedServer::builder().host("h").build())
        .build();
    let text = vars.to_tfvars_json();
    let back = all::Renamed::from_tfvars_json(&text).expect("reads back");
    assert_eq!(back, vars);
    vars.validate().expect("valid");
    println!("ok");
}
