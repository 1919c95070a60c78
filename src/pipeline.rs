//! The one acceptance pipeline of the runtime, as the generated methods use it.

use std::collections::BTreeMap;

use tfvars_runtime::{Diagnostic, ModuleSpec, Report, Severity, TerraformVersion, Value};

fn unavailable(what: &str) -> Report {
    Report {
        diagnostics: vec![Diagnostic {
            severity: Severity::Error,
            summary: "Not available".into(),
            detail: format!("{what} needs the runtime's checking pipeline, which this build lacks"),
            variable: None,
            path: String::new(),
            location: None,
        }],
    }
}

/// Converts, applies defaults and null rules, and runs every validation.
pub(crate) fn check(
    spec: &ModuleSpec,
    inputs: Vec<(&'static str, Value)>,
    version: TerraformVersion,
) -> Result<Report, Report> {
    let _ = (spec, inputs, version);
    Err(unavailable("`validate()`"))
}

/// Reads a `.tfvars.json` document strictly and converts each value to its declared type.
pub(crate) fn read_and_convert(
    spec: &ModuleSpec,
    text: &str,
) -> Result<BTreeMap<String, Value>, Report> {
    let _ = (spec, text);
    Err(unavailable("`from_tfvars_json()`"))
}
