//! `tfvars rust`: prints the code `terraform_vars!` generates for a module, formatted, for
//! reading, review and checking in.
//!
//! Exit status: 0 printed, 2 the module or the arguments cannot be used.

use std::path::PathBuf;
use std::process::ExitCode;

use tfvars_codegen::{GenerateError, Settings};
use tfvars_runtime::TerraformVersion;

/// Arguments of `tfvars rust`.
#[derive(clap::Args)]
pub struct Args {
    /// The module folder (its `.tf` and `.tf.json` files).
    #[arg(short = 'i', long = "input", default_value = ".", value_name = "DIR")]
    pub(crate) input: PathBuf,
    /// The root struct's name.
    #[arg(long, default_value = "Variables", value_name = "NAME")]
    name: String,
    /// The path generated code uses for the `tfvars` crate (for a renamed dependency).
    #[arg(long = "crate", default_value = "::tfvars", value_name = "PATH")]
    crate_path: String,
    /// Whose semantics `validate()` follows where Terraform releases differ: `1.11` or `latest`.
    #[arg(
        long = "terraform-version",
        default_value = "latest",
        value_name = "VERSION"
    )]
    terraform_version: String,
}

/// Runs `tfvars rust`.
pub fn run(args: Args) -> ExitCode {
    let version: TerraformVersion = match args.terraform_version.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut settings = Settings::new();
    settings
        .module_dir(args.input)
        .root_name(args.name)
        .crate_path(args.crate_path)
        .terraform_version(version);
    match settings.render_file() {
        Ok((text, unsupported)) => {
            for u in &unsupported {
                eprintln!("warning: {}", u.message());
            }
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(GenerateError::Load(err)) => {
            for p in &err.problems {
                eprintln!("error: {p}");
            }
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
