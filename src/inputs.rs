//! Building a module's typed variables from every source `terraform plan` reads (feature
//! `inputs`): the `TF_VAR_` environment, the auto-loaded files of the working folder
//! (`terraform.tfvars`, `terraform.tfvars.json`, `*.auto.tfvars(.json)`), then variables files
//! and `-var` values in command-line order, with Terraform's precedence and messages (the rules
//! of `tfvars validate`, recorded from Terraform 1.11.4).
//!
//! ```no_run
//! # mod network {
//! #     tfvars::terraform_vars!("../examples/network");
//! # }
//! # use network::Variables;
//! use tfvars::inputs::{from_terraform_inputs, CommandLineInput};
//!
//! // As `terraform -chdir=infra plan -var-file=prod.tfvars -var 'region=eu-west-1'` reads them.
//! let (vars, warnings) = from_terraform_inputs::<Variables>(
//!     "infra".as_ref(),
//!     &[
//!         CommandLineInput::VarFile("infra/prod.tfvars".into()),
//!         CommandLineInput::Var("region=eu-west-1".into()),
//!     ],
//! )?;
//! # Ok::<(), tfvars::Report>(())
//! ```

use std::collections::BTreeMap;
use std::path::Path;

pub use tfvars_codegen::inputs::{CommandLineInput, InputSources};
use tfvars_runtime::check::check;
use tfvars_runtime::typed::ModuleVariables;
use tfvars_runtime::{CheckOptions, FileAccess, Report, Severity};

/// Reads `V`'s variables as `terraform -chdir=dir plan` with `command_line` would: the
/// process's `TF_VAR_` variables, the auto-loaded files of `dir`, then `command_line` in order
/// (paths relative to the current folder). The values are checked as `terraform plan` checks
/// them (conversions, null and default rules, validation rules; file functions read `dir`):
/// `Ok` holds the typed values as given (defaults are not filled in) and the warnings and
/// undecided rules; `Err` holds every error.
pub fn from_terraform_inputs<V: ModuleVariables>(
    dir: &Path,
    command_line: &[CommandLineInput],
) -> Result<(V, Report), Report> {
    from_sources(
        dir,
        &InputSources::terraform_plan(dir, command_line.to_vec()),
    )
}

/// [`from_terraform_inputs`] with the sources given: e.g. an environment of your own, or no
/// auto-loaded files (`auto_dir: None`). File functions read `dir`.
pub fn from_sources<V: ModuleVariables>(
    dir: &Path,
    sources: &InputSources,
) -> Result<(V, Report), Report> {
    let spec = V::spec();
    let assembled = tfvars_codegen::inputs::assemble(spec, sources);
    if !assembled.syntax_errors.is_empty() {
        return Err(Report {
            diagnostics: assembled.syntax_errors,
        });
    }
    if let Some(diagnostics) = assembled.value_stage(spec) {
        return Err(Report { diagnostics });
    }
    let options = CheckOptions {
        version: V::terraform_version(),
        files: Some(FileAccess {
            dir: dir.to_path_buf(),
            home: None,
            template_parser: Some(tfvars_codegen::lower::template_file),
        }),
    };
    let checked = check(spec, &assembled.inputs, &options);
    if !checked.is_ok() {
        return Err(checked.report);
    }
    // The typed struct holds what was given: each declared variable's input, converted.
    let mut values = BTreeMap::new();
    for input in &assembled.inputs {
        let Some(var) = spec.variables.iter().find(|v| v.name == input.name) else {
            continue;
        };
        let ty = crate::pipeline::without_defaults(&var.ty);
        let value = tfvars_runtime::convert(&input.value, &ty)
            .expect("a value the check accepted converts to its type");
        values.insert(input.name.clone(), value);
    }
    match V::from_inputs(&values) {
        Ok(v) => Ok((v, checked.report)),
        Err((name, err)) => Err(Report {
            diagnostics: vec![tfvars_runtime::Diagnostic {
                severity: Severity::Error,
                summary: "Value not representable by the typed struct".into(),
                detail: err.message,
                variable: Some(name),
                path: err.path.as_str().to_string(),
                location: None,
            }],
        }),
    }
}
