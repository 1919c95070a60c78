//! The runtime's one acceptance pipeline, as the generated methods use it.

use std::collections::{BTreeMap, HashMap};

use tfvars_runtime::check::{check_owned, unsuitable_value_detail};
use tfvars_runtime::json::parse_tfvars_json;
use tfvars_runtime::{
    convert, Attribute, CheckOptions, Diagnostic, FileAccess, InputVariable, ModuleSpec, Report,
    Severity, TerraformVersion, Type, Value, VariableSpec,
};

/// Converts, applies defaults and null rules, and runs every validation (`check`).
pub(crate) fn check(
    spec: &ModuleSpec,
    inputs: Vec<(&'static str, Value)>,
    version: TerraformVersion,
    files: Option<FileAccess>,
) -> Result<Report, Report> {
    let inputs: Vec<InputVariable> = inputs
        .into_iter()
        .map(|(name, value)| InputVariable {
            name: name.to_string(),
            value,
            location: None,
            source: Default::default(),
        })
        .collect();
    let checked = check_owned(spec, inputs, &CheckOptions { version, files });
    if checked.report.is_ok() {
        Ok(checked.report)
    } else {
        Err(checked.report)
    }
}

/// The type with every `optional(T, default)` default dropped: what a typed struct holds is
/// what was given, and an unset optional attribute stays unset (`None`) instead of taking the
/// default. The conversion rules themselves are unchanged.
pub(crate) fn without_defaults(ty: &Type) -> Type {
    match ty {
        Type::List(t) => Type::list(without_defaults(t)),
        Type::Set(t) => Type::set(without_defaults(t)),
        Type::Map(t) => Type::map(without_defaults(t)),
        Type::Tuple(ts) => Type::Tuple(ts.iter().map(without_defaults).collect()),
        Type::Object(attrs) => Type::Object(
            attrs
                .iter()
                .map(|a| Attribute {
                    name: a.name.clone(),
                    ty: without_defaults(&a.ty),
                    optional: a.optional,
                    default: None,
                })
                .collect(),
        ),
        t => t.clone(),
    }
}

/// Reads a `.tfvars.json` document strictly and converts each declared variable's value to its
/// type with Terraform's conversions. Undeclared names are skipped (Terraform only warns);
/// every conversion error is reported.
pub(crate) fn read_and_convert(
    spec: &ModuleSpec,
    text: &str,
) -> Result<BTreeMap<String, Value>, Report> {
    let inputs =
        parse_tfvars_json(text, "<tfvars.json>").map_err(|diagnostics| Report { diagnostics })?;
    let mut values = BTreeMap::new();
    let mut diagnostics = Vec::new();
    let declared: HashMap<&str, &VariableSpec> = spec
        .variables
        .iter()
        .map(|v| (v.name.as_str(), v))
        .collect();
    for input in &inputs {
        let Some(&var) = declared.get(input.name.as_str()) else {
            continue;
        };
        match convert(&input.value, &without_defaults(&var.ty)) {
            Ok(v) => {
                values.insert(input.name.clone(), v);
            }
            Err(e) => diagnostics.push(Diagnostic {
                severity: Severity::Error,
                summary: "Invalid value for input variable".into(),
                detail: unsuitable_value_detail(var, &e, input.location.as_ref()),
                variable: Some(var.name.clone()),
                path: e.path_string(),
                location: input.location.clone(),
            }),
        }
    }
    // A path or message naming a map key of a sensitive value does not show it.
    if !diagnostics.is_empty() && spec.variables.iter().any(|v| v.sensitive) {
        let secrets = tfvars_runtime::sensitive::Secrets::of_module(
            spec,
            inputs.iter().map(|i| (i.name.as_str(), &i.value)),
        );
        for d in &mut diagnostics {
            secrets.hide_in(d);
        }
    }
    if diagnostics.is_empty() {
        Ok(values)
    } else {
        Err(Report { diagnostics })
    }
}
