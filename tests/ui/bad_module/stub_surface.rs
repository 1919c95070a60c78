mod m {
    tfvars::terraform_vars!("../../modules/bad/syntax_error");
}

// Code written against the API the module would have had: with the module broken, only the
// module's own problems are reported, not a follow-on error per use.
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let vars = m::Variables::builder()
        .region("eu-west-1")
        .replicas(3)
        .null_tags()
        .build();
    vars.validate()?;
    let text: String = vars.to_tfvars_json();
    let _ = vars.to_tfvars_json_filtered(|v| !v.ephemeral);
    vars.write_tfvars_json("out.tfvars.json")?;
    vars.write_tfvars_json_filtered("out.tfvars.json", |v| !v.sensitive)?;
    let _ = vars.to_tfvars_hcl();
    let _ = vars.to_env()?;
    let _ = vars.to_env_filtered(|v| v.ephemeral)?;
    let back = m::Variables::from_tfvars_json(&text)?;
    let _ = back.to_tfvars_hcl_filtered(|_| true);
    let _: &str = m::Variables::JSON_SCHEMA;
    for v in m::Variables::VARIABLES {
        println!("{}", v.name);
    }
    Ok(())
}
