//! `tfvars validate`: checks variable files against a module as `terraform plan` would.
//!
//! Exit status: 0 accepted (warnings on stderr), 1 rejected (diagnostics on stderr), 2 the
//! module or the arguments cannot be used.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tfvars_runtime::check::check;
use tfvars_runtime::json::parse_tfvars_json;
use tfvars_runtime::{CheckOptions, Diagnostic, InputVariable, TerraformVersion, Value};

/// Arguments of `tfvars validate`.
#[derive(clap::Args)]
pub struct Args {
    /// The module folder (its `.tf` and `.tf.json` files).
    #[arg(short = 'i', long = "input", default_value = ".", value_name = "DIR")]
    pub(crate) input: PathBuf,
    /// On acceptance, print one JSON object with every declared variable's effective value:
    /// after conversion, defaults, optional-attribute defaults and null rules.
    #[arg(long)]
    values: bool,
    /// Whose semantics to follow where Terraform releases differ: `1.11` or `latest`.
    #[arg(
        long = "terraform-version",
        default_value = "latest",
        value_name = "VERSION"
    )]
    terraform_version: String,
    /// Variable files, later ones winning: `*.json` files are read as JSON, others as HCL
    /// `.tfvars` (the case-sensitive `.json` suffix decides, as in Terraform).
    #[arg(value_name = "VARFILE")]
    var_files: Vec<PathBuf>,
}

/// Runs `tfvars validate`.
pub fn run(args: Args) -> ExitCode {
    let version: TerraformVersion = match args.terraform_version.parse() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let module = match tfvars_codegen::load(&args.input) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("error: cannot use the module in `{}`", args.input.display());
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    for w in &module.warnings {
        eprintln!("warning: {w}");
    }

    let mut inputs: Vec<InputVariable> = Vec::new();
    let mut parse_errors: Vec<Diagnostic> = Vec::new();
    for path in &args.var_files {
        match read_var_file(path) {
            Ok(Ok(vars)) => inputs.extend(vars),
            Ok(Err(diags)) => parse_errors.extend(diags),
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(2);
            }
        }
    }
    if !parse_errors.is_empty() {
        print_diagnostics(&parse_errors);
        return ExitCode::from(1);
    }

    let checked = check(&module.spec, &inputs, &CheckOptions { version });
    drop(inputs);
    print_diagnostics(&checked.report.diagnostics);
    if !checked.is_ok() {
        return ExitCode::from(1);
    }
    if args.values {
        let all = Value::Object(checked.values);
        match all.to_json_pretty() {
            Ok(text) => println!("{text}"),
            Err(e) => {
                // Terraform accepts an infinite number but cannot write it out either.
                let mut which = Vec::new();
                if let Value::Object(values) = &all {
                    for (k, v) in values {
                        if v.to_json().is_err() {
                            which.push(format!("`var.{k}`"));
                        }
                    }
                }
                eprintln!(
                    "warning: the values cannot be printed: {} ({e}); the input is accepted",
                    which.join(", ")
                );
            }
        }
    }
    ExitCode::SUCCESS
}

type Parsed = Result<Vec<InputVariable>, Vec<Diagnostic>>;

// Reads and parses one variable file; `Err` when it cannot be read at all.
fn read_var_file(path: &Path) -> Result<Parsed, String> {
    let name = path.to_string_lossy().into_owned();
    let bytes = std::fs::read(path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            format!("the variables file `{name}` does not exist")
        } else {
            format!("cannot read the variables file `{name}`: {e}")
        }
    })?;
    // Terraform reads invalid UTF-8 with each bad byte replaced by U+FFFD.
    let text = String::from_utf8_lossy(&bytes);
    Ok(if name.ends_with(".json") {
        parse_tfvars_json(&text, &name)
    } else {
        tfvars_codegen::tfvars_hcl::parse_tfvars(&text, &name)
    })
}

fn print_diagnostics(diags: &[Diagnostic]) {
    for d in diags {
        eprintln!("{d}");
    }
}
