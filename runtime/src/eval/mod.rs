//! The expression evaluator.

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostics::{Diagnostic, Severity};
use crate::expr::{Expr, TemplatePart};
use crate::spec::{ModuleSpec, TerraformVersion};
use crate::value::Value;

/// An error raised while evaluating an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    /// Terraform's summary, e.g. `Invalid function argument`.
    pub summary: String,
    /// The detail.
    pub detail: String,
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.summary, self.detail)
    }
}

impl std::error::Error for EvalError {}

/// Evaluates a constant expression (a default, an optional-attribute default, a `.tfvars`
/// value): no variables, locals or function calls.
pub fn eval_constant(expr: &Expr) -> Result<Value, EvalError> {
    match expr {
        Expr::Literal(v) => Ok(v.clone()),
        Expr::Tuple(items) => Ok(Value::Tuple(
            items.iter().map(eval_constant).collect::<Result<_, _>>()?,
        )),
        Expr::Object(items) => {
            let mut map = BTreeMap::new();
            for (k, v) in items {
                let Value::String(k) = eval_constant(k)? else {
                    return Err(not_yet());
                };
                map.insert(k, eval_constant(v)?);
            }
            Ok(Value::Object(map))
        }
        Expr::Template(parts) => {
            let mut out = String::new();
            for part in parts {
                match part {
                    TemplatePart::Literal(s) => out.push_str(s),
                    _ => return Err(not_yet()),
                }
            }
            Ok(Value::String(out))
        }
        _ => Err(not_yet()),
    }
}

fn not_yet() -> EvalError {
    EvalError {
        summary: "Unsupported expression".into(),
        detail: "this expression cannot be evaluated yet".into(),
    }
}

/// Runs every validation block of every variable not in `skip`, over the effective values.
pub fn run_validations(
    spec: &ModuleSpec,
    values: &BTreeMap<String, Value>,
    skip: &BTreeSet<String>,
    version: TerraformVersion,
) -> Vec<Diagnostic> {
    let _ = (values, version);
    spec.variables
        .iter()
        .filter(|v| !skip.contains(&v.name))
        .flat_map(|v| {
            v.validations.iter().map(|rule| Diagnostic {
                severity: Severity::Unchecked,
                summary: "Validation not checked".into(),
                detail: format!("the condition `{}` was not evaluated", rule.condition_source),
                variable: Some(v.name.clone()),
                path: String::new(),
                location: Some(rule.location.clone()),
            })
        })
        .collect()
}
