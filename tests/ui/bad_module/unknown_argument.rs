mod m {
    tfvars::terraform_vars!("../../modules/bad/unknown_argument");
}

// The stub type keeps code that names it compiling: only the module's problems are reported.
fn takes(_: &m::Variables) {}

fn main() {}
