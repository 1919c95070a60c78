//! Running a module's `validation` blocks with Terraform's rules (what Terraform's
//! `eval_variable.go` does).

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostics::{Diagnostic, Severity};
use crate::spec::{ModuleSpec, TerraformVersion, ValidationSpec, VariableSpec};
use crate::types::Type;
use crate::value::Value;

use super::conv;
use super::error::EvalError;
use super::scope::Scope;

/// Runs every validation block of every variable not in `skip`, over the effective values.
///
/// Every failure is reported (not just the first). A condition that errors reports the error;
/// a condition or message that depends on something unknown (a resource attribute, an
/// unsupported or non-deterministic function) gives a [`Severity::Unchecked`] diagnostic
/// saying why, never a pass or a failure.
pub fn run_validations(
    spec: &ModuleSpec,
    values: &BTreeMap<String, Value>,
    skip: &BTreeSet<String>,
    version: TerraformVersion,
) -> Vec<Diagnostic> {
    let mut scope = Scope::new(spec, values).with_version(version);
    let mut out = Vec::new();
    for var in spec.variables.iter().filter(|v| !skip.contains(&v.name)) {
        for rule in &var.validations {
            if let Some(d) = check_rule(&mut scope, var, rule, values.get(&var.name)) {
                out.push(d);
            }
        }
    }
    out
}

fn diagnostic(
    severity: Severity,
    var: &VariableSpec,
    rule: &ValidationSpec,
    summary: &str,
    detail: String,
) -> Diagnostic {
    Diagnostic {
        severity,
        summary: summary.to_string(),
        detail,
        variable: Some(var.name.clone()),
        path: String::new(),
        location: Some(rule.location.clone()),
    }
}

fn error_diag(var: &VariableSpec, rule: &ValidationSpec, e: &EvalError) -> Diagnostic {
    diagnostic(
        Severity::Error,
        var,
        rule,
        &e.summary,
        format!(
            "{} (in the condition `{}`; this was checked by the validation rule at {})",
            e.detail,
            rule.condition_source,
            checked_at(rule)
        ),
    )
}

fn checked_at(rule: &ValidationSpec) -> String {
    format!(
        "{}:{},{}",
        rule.location.file, rule.location.line, rule.location.column
    )
}

fn unchecked(
    scope: &Scope<'_>,
    var: &VariableSpec,
    rule: &ValidationSpec,
    what: &str,
) -> Diagnostic {
    let reasons = scope.unknown_reasons();
    let why = if reasons.is_empty() {
        "it depends on a value that is not known".to_string()
    } else {
        format!("it {}", reasons.join(", and "))
    };
    diagnostic(
        Severity::Unchecked,
        var,
        rule,
        "Validation not checked",
        format!(
            "the {what} `{}` cannot be decided before apply: {why}",
            if what == "condition" {
                &rule.condition_source
            } else {
                &rule.error_message_source
            }
        ),
    )
}

fn check_rule(
    scope: &mut Scope<'_>,
    var: &VariableSpec,
    rule: &ValidationSpec,
    value: Option<&Value>,
) -> Option<Diagnostic> {
    let _ = value;
    scope.clear_unknown_reasons();
    let condition = match scope.eval(&rule.condition) {
        Ok(v) => v,
        Err(e) => return Some(error_diag(var, rule, &e)),
    };
    let passed = match conv::convert(&condition, &Type::Bool) {
        Ok(Value::Bool(b)) => Some(b),
        Ok(Value::Null(_)) => {
            return Some(diagnostic(
                Severity::Error,
                var,
                rule,
                "Invalid condition result",
                format!(
                    "Condition expression must return either true or false, not null. \
                     (checked by the validation rule at {})",
                    checked_at(rule)
                ),
            ))
        }
        Ok(_) => None,
        Err(e) => {
            return Some(diagnostic(
                Severity::Error,
                var,
                rule,
                "Invalid condition result",
                format!(
                    "Invalid condition result value: {e}. (checked by the validation rule at {})",
                    checked_at(rule)
                ),
            ))
        }
    };
    let Some(passed) = passed else {
        return Some(unchecked(scope, var, rule, "condition"));
    };
    // The message is evaluated even when the condition passes; its errors fail the plan.
    scope.clear_unknown_reasons();
    let message = match scope.eval(&rule.error_message) {
        Ok(v) => v,
        Err(e) => {
            return Some(diagnostic(
                Severity::Error,
                var,
                rule,
                &e.summary,
                format!(
                    "{} (in the error message of the validation rule at {})",
                    e.detail,
                    checked_at(rule)
                ),
            ))
        }
    };
    let message = match conv::convert(&message, &Type::String) {
        Ok(Value::String(s)) => Some(s.trim().to_string()),
        Ok(Value::Null(_)) => Some(String::new()),
        Ok(_) => None,
        Err(e) => {
            return Some(diagnostic(
                Severity::Error,
                var,
                rule,
                "Invalid error message",
                format!(
                    "Unsuitable value for error message: {e}. (in the validation rule at {})",
                    checked_at(rule)
                ),
            ))
        }
    };
    if passed {
        return None;
    }
    let detail = match message {
        Some(m) if !m.is_empty() => m,
        Some(_) => "Failed to evaluate condition error message.".to_string(),
        None => "The error message for this validation rule depends on a value that is not known."
            .to_string(),
    };
    Some(diagnostic(
        Severity::Error,
        var,
        rule,
        "Invalid value for variable",
        format!(
            "{detail}\n\nThis was checked by the validation rule at {}.",
            checked_at(rule)
        ),
    ))
}
