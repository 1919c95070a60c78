//! Checking input values against a module as `terraform plan` does: undeclared names, type
//! conversion, null and default rules, required variables, then the `validation` blocks.
//!
//! The order and the verdict follow Terraform 1.11:
//!
//! 1. Inputs are taken in order; a later value for the same name replaces an earlier one.
//! 2. A name the module does not declare is a warning («Value for undeclared variable»); the
//!    first two are given in full, the rest summarised, as Terraform does for var files.
//! 3. A required variable with no value is an error («No value for required variable»). If there
//!    is one, Terraform reports only those errors (and the warnings): conversion and validation
//!    errors of other variables are not reported, and neither are they here.
//! 4. Every given value is converted to its variable's type (optional-attribute defaults
//!    included); every failure in every variable is reported, with the variable and the path.
//! 5. A null value stays null, unless the variable is `nullable = false`: then the default is
//!    used, or it is an error («Required variable not set») when there is none. An omitted
//!    variable takes its default.
//! 6. The validation rules of every variable that got a value run over the effective values
//!    ([`crate::eval::run_validations`]). A failed rule is located, as in Terraform, at the value
//!    it rejected: the input, or the `variable` block when the default was used.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use crate::convert::{convert, convert_owned, ConversionError};
use crate::diagnostics::{Diagnostic, Report, Severity};
use crate::input::{CheckOptions, InputSource, InputVariable};
use crate::spec::{Location, ModuleSpec, VariableSpec};
use crate::value::{go_quote, Value};

/// The outcome of [`check`].
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// The effective value of every declared variable that has one: the converted input, or
    /// the default, after the null rules. When the report has no errors this holds every
    /// declared variable. Variables whose value was rejected are absent.
    pub values: BTreeMap<String, Value>,
    /// Errors, warnings and unchecked conditions.
    pub report: Report,
}

impl Checked {
    /// True when Terraform would accept the inputs.
    pub fn is_ok(&self) -> bool {
        self.report.is_ok()
    }
}

/// Checks `inputs` against `spec` as `terraform plan` would (see the module documentation).
pub fn check(spec: &ModuleSpec, inputs: &[InputVariable], options: &CheckOptions) -> Checked {
    check_inputs(spec, Cow::Borrowed(inputs), options)
}

/// [`check`], taking the inputs: each input value is freed as soon as it is converted (those
/// of sensitive variables once the report is written), so that a large input and its
/// converted copy are not held at once.
pub fn check_owned(
    spec: &ModuleSpec,
    inputs: Vec<InputVariable>,
    options: &CheckOptions,
) -> Checked {
    check_inputs(spec, Cow::Owned(inputs), options)
}

fn check_inputs(
    spec: &ModuleSpec,
    mut inputs: Cow<'_, [InputVariable]>,
    options: &CheckOptions,
) -> Checked {
    let given = given_inputs(spec, &inputs);
    let mut diagnostics = undeclared_warnings(spec, &inputs);
    // Missing required variables hide every other error.
    let missing = required_missing(spec, &given);
    let mut values = BTreeMap::new();
    if !missing.is_empty() {
        diagnostics.extend(missing);
        // The other variables' values are still computed, without reporting their errors.
        for var in &spec.variables {
            let input = given.get(var.name.as_str()).map(|&i| &inputs[i]);
            if let Ok(Some(v)) = effective_value(var, input, None) {
                values.insert(var.name.clone(), v);
            }
        }
        return finish(values, diagnostics);
    }

    let mut skip = BTreeSet::new();
    for var in &spec.variables {
        let index = given.get(var.name.as_str()).copied();
        // An owned input is converted in place, unless it must be kept for the report.
        let taken = match (index, &mut inputs, var.sensitive) {
            (Some(i), Cow::Owned(owned), false) => {
                Some(std::mem::replace(&mut owned[i].value, Value::null()))
            }
            _ => None,
        };
        let converted = effective_value(var, index.map(|i| &inputs[i]), taken);
        match converted {
            Ok(Some(v)) => {
                values.insert(var.name.clone(), v);
            }
            Ok(None) => {
                skip.insert(var.name.clone());
            }
            Err(d) => {
                diagnostics.push(*d);
                skip.insert(var.name.clone());
            }
        }
    }
    let by_name: BTreeMap<&str, &VariableSpec> = spec
        .variables
        .iter()
        .map(|v| (v.name.as_str(), v))
        .collect();
    let found = crate::eval::run_validations_with_files(
        spec,
        &values,
        &skip,
        options.version,
        options.files.as_ref(),
    );
    for mut d in found {
        // Terraform points a failed rule at the value it rejected (the input, or the variable
        // block when the default was used); the rule's own place is in the detail.
        if d.summary == "Invalid value for variable" {
            let name = d.variable.as_deref();
            if let Some(var) = name.and_then(|n| by_name.get(n)) {
                d.location = given
                    .get(var.name.as_str())
                    .and_then(|&i| inputs[i].location.clone())
                    .or_else(|| Some(var.location.clone()));
            }
        }
        diagnostics.push(d);
    }
    // No diagnostic quotes a sensitive value (a function error on one, a conversion error
    // naming a map key).
    if !diagnostics.is_empty() && spec.variables.iter().any(|v| v.sensitive) {
        let given_values = given
            .values()
            .map(|&i| (inputs[i].name.as_str(), &inputs[i].value));
        let effective = values.iter().map(|(k, v)| (k.as_str(), v));
        let secrets = crate::sensitive::Secrets::of_module(spec, given_values.chain(effective));
        for d in &mut diagnostics {
            secrets.hide_in(d);
        }
    }
    finish(values, diagnostics)
}

fn finish(values: BTreeMap<String, Value>, mut diagnostics: Vec<Diagnostic>) -> Checked {
    // Errors first, then warnings, then unchecked; stable within each.
    diagnostics.sort_by_key(|d| d.severity);
    Checked {
        values,
        report: Report { diagnostics },
    }
}

// The value Terraform uses for `var`, or the error that rejects it. `Ok(None)` only for a
// required variable with no input (reported by the caller). `taken` is the input's value when
// it was taken out of the input.
fn effective_value(
    var: &VariableSpec,
    input: Option<&InputVariable>,
    taken: Option<Value>,
) -> Result<Option<Value>, Box<Diagnostic>> {
    let Some(input) = input else {
        return Ok(var.default.as_ref().map(|d| default_value(var, d)));
    };
    let result = match taken {
        Some(value) => convert_owned(value, &var.ty),
        None => convert(&input.value, &var.ty),
    };
    let converted = match result {
        Ok(v) => v,
        Err(e) => {
            // For a text, Terraform names the option or variable that set it, and points at
            // the declaration.
            let detail = unsuitable_text_detail(var, input.source, e.message())
                .unwrap_or_else(|| unsuitable_value_detail(var, &e, input.location.as_ref()));
            let location = if var.sensitive {
                Some(var.location.clone())
            } else {
                input
                    .location
                    .clone()
                    .or_else(|| Some(var.location.clone()))
            };
            return Err(Box::new(Diagnostic {
                severity: Severity::Error,
                summary: "Invalid value for input variable".into(),
                detail,
                variable: Some(var.name.clone()),
                path: e.path_string(),
                location,
            }));
        }
    };
    if converted.is_null() && !var.nullable {
        return match &var.default {
            Some(d) if !d.is_null() => Ok(Some(default_value(var, d))),
            _ => Err(Box::new(Diagnostic {
                severity: Severity::Error,
                summary: "Required variable not set".into(),
                detail: unsuitable_text_detail(
                    var,
                    input.source,
                    "required variable may not be set to null",
                )
                .unwrap_or_else(|| {
                    format!(
                        "The given value is not suitable for var.{} defined at {}: required \
                         variable may not be set to null.",
                        var.name,
                        declaration_range(var)
                    )
                }),
                variable: Some(var.name.clone()),
                path: String::new(),
                location: input
                    .location
                    .clone()
                    .or_else(|| Some(var.location.clone())),
            })),
        };
    }
    Ok(Some(converted))
}

// Terraform's detail for the value of a `TF_VAR_` variable or a `-var` option that does not
// suit the variable, naming its source; `None` for a file's value.
fn unsuitable_text_detail(
    var: &VariableSpec,
    source: InputSource,
    problem: &str,
) -> Option<String> {
    let name = &var.name;
    match source {
        InputSource::Environment => Some(format!(
            "Unsuitable value for var.{name} set using the TF_VAR_{name} environment variable: \
             {problem}."
        )),
        InputSource::CommandLine => Some(format!(
            "Unsuitable value for var.{name} set using -var=\"{name}=...\": {problem}."
        )),
        InputSource::File => None,
    }
}

// The default, with optional-attribute defaults filled (the loader converts it already; this
// is idempotent and covers specs built by hand).
fn default_value(var: &VariableSpec, default: &Value) -> Value {
    if default.is_null() {
        return Value::Null(var.ty.without_optional());
    }
    convert(default, &var.ty).unwrap_or_else(|_| default.clone())
}

/// What Terraform reports of `inputs` before it converts any value: a warning for each name
/// the module does not declare (the first two in full, the others counted) and an error for
/// each required variable without a value. [`check`] reports them too, and nothing else when a
/// required variable is missing; a caller that stops before conversion (an input that failed
/// to evaluate) reports these beside its own errors.
pub fn before_conversion(spec: &ModuleSpec, inputs: &[InputVariable]) -> Vec<Diagnostic> {
    let given = given_inputs(spec, inputs);
    let mut diagnostics = undeclared_warnings(spec, inputs);
    diagnostics.extend(required_missing(spec, &given));
    diagnostics
}

// The input that counts for each declared variable that has one (the last of its name), by
// the variable's name.
fn given_inputs<'s>(spec: &'s ModuleSpec, inputs: &[InputVariable]) -> BTreeMap<&'s str, usize> {
    let mut latest: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, input) in inputs.iter().enumerate() {
        latest.insert(&input.name, i);
    }
    spec.variables
        .iter()
        .filter_map(|v| Some((v.name.as_str(), *latest.get(v.name.as_str())?)))
        .collect()
}

// Terraform's warnings for the names the module does not declare, in the order they first
// appear (later inputs win): the first two in full, the rest counted.
fn undeclared_warnings(spec: &ModuleSpec, inputs: &[InputVariable]) -> Vec<Diagnostic> {
    let mut latest: BTreeMap<&str, usize> = BTreeMap::new();
    let mut order: Vec<&str> = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        if latest.insert(&input.name, i).is_none() {
            order.push(&input.name);
        }
    }
    let declared: BTreeSet<&str> = spec.variables.iter().map(|v| v.name.as_str()).collect();
    let undeclared: Vec<&InputVariable> = order
        .iter()
        .filter(|name| !declared.contains(*name))
        .map(|name| &inputs[latest[name]])
        .collect();
    let mut diagnostics: Vec<Diagnostic> = undeclared
        .iter()
        .take(2)
        .map(|i| undeclared_warning(i))
        .collect();
    if undeclared.len() > 2 {
        diagnostics.push(Diagnostic {
            severity: Severity::Warning,
            summary: "Values for undeclared variables".into(),
            detail: format!(
                "In addition to the other similar warnings shown, {} other variable(s) defined without being declared.",
                undeclared.len() - 2
            ),
            variable: None,
            path: String::new(),
            location: None,
        });
    }
    diagnostics
}

// An error for each required variable without an input.
fn required_missing(spec: &ModuleSpec, given: &BTreeMap<&str, usize>) -> Vec<Diagnostic> {
    spec.variables
        .iter()
        .filter(|v| v.required() && !given.contains_key(v.name.as_str()))
        .map(|var| Diagnostic {
            severity: Severity::Error,
            summary: "No value for required variable".into(),
            detail: format!(
                "The root module input variable {} is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.",
                go_quote(&var.name)
            ),
            variable: Some(var.name.clone()),
            path: String::new(),
            location: Some(var.location.clone()),
        })
        .collect()
}

fn undeclared_warning(input: &InputVariable) -> Diagnostic {
    let found = match &input.location {
        Some(loc) => format!("a value was found in file {}", go_quote(&loc.file)),
        None => "a value was given".to_string(),
    };
    Diagnostic {
        severity: Severity::Warning,
        summary: "Value for undeclared variable".into(),
        detail: format!(
            "The root module does not declare a variable named {} but {found}. If you meant to use this value, add a \"variable\" block to the configuration.\n\nTo silence these warnings, use TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your organization. To reduce the verbosity of these warnings, use the -compact-warnings option.",
            go_quote(&input.name)
        ),
        variable: None,
        path: String::new(),
        location: None,
    }
}

/// Terraform's detail for a value that does not convert to its variable's type. For a
/// sensitive variable it names the place of the input, not the declaration, and the
/// conversion's message (which the caller has cleared of the value itself).
pub fn unsuitable_value_detail(
    var: &VariableSpec,
    error: &ConversionError,
    input_location: Option<&Location>,
) -> String {
    if var.sensitive {
        format!(
            "The given value is not suitable for var.{}, which is sensitive: {}. Invalid value defined at {}.",
            var.name,
            error.message(),
            input_location
                .map(terraform_position)
                .unwrap_or_else(|| "the given input".into())
        )
    } else {
        format!(
            "The given value is not suitable for var.{} declared at {}: {}.",
            var.name,
            declaration_range(var),
            error.message()
        )
    }
}

fn terraform_position(loc: &Location) -> String {
    match &loc.range {
        Some(range) => range.text_in(&loc.file),
        None => format!("{}:{},{}", loc.file, loc.line, loc.column),
    }
}

// Terraform's range of a variable's declaration, `main.tf:1,1-13`: the `variable "name"`
// header, as HCL reports a block's definition range (the end column assumes the usual single
// space between keyword and label); in a `.tf.json` file, the opening brace of its body.
fn declaration_range(var: &VariableSpec) -> String {
    let loc = &var.location;
    let end = if loc.file.ends_with(".json") {
        loc.column as usize + 1
    } else {
        let name_columns =
            unicode_segmentation::UnicodeSegmentation::graphemes(var.name.as_str(), true).count();
        loc.column as usize + "variable \"\"".len() + name_columns
    };
    format!("{}:{},{}-{}", loc.file, loc.line, loc.column, end)
}
