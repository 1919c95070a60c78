//! Running a module's `validation` blocks with Terraform's rules (what Terraform's
//! `eval_variable.go` does).

use std::collections::{BTreeMap, BTreeSet};

use crate::diagnostics::{Diagnostic, Severity};
use crate::expr::{Expr, TemplatePart};
use crate::input::FileAccess;
use crate::spec::{Location, ModuleSpec, TerraformVersion, ValidationSpec, VariableSpec};
use crate::types::Type;
use crate::value::Value;

use super::conv;
use super::error::EvalError;
use super::scope::Scope;

/// Runs every validation block of every variable not in `skip`, over the effective values.
///
/// Every failure is reported (not just the first). A condition that errors reports the error;
/// so does a `locals` entry that fails to evaluate (Terraform evaluates them all during plan);
/// a condition or message that depends on something unknown (a resource attribute, an
/// unsupported or non-deterministic function) gives a [`Severity::Unchecked`] diagnostic
/// saying why, never a pass or a failure.
///
/// As in Terraform, a variable whose own rules fail is unknown to the rules of the variables
/// that refer to it (directly or through locals): those rules are checked after it, and stay
/// undecided rather than fail on a value that was rejected anyway.
pub fn run_validations(
    spec: &ModuleSpec,
    values: &BTreeMap<String, Value>,
    skip: &BTreeSet<String>,
    version: TerraformVersion,
) -> Vec<Diagnostic> {
    run_validations_with_files(spec, values, skip, version, None)
}

/// [`run_validations`], with the file functions and `path.*` evaluated against `files` (see
/// [`crate::CheckOptions::files`]); `None` leaves them unknown.
pub fn run_validations_with_files(
    spec: &ModuleSpec,
    values: &BTreeMap<String, Value>,
    skip: &BTreeSet<String>,
    version: TerraformVersion,
    files: Option<&FileAccess>,
) -> Vec<Diagnostic> {
    let order = validation_order(spec, skip);
    let mut out = Vec::new();
    // The values without those rejected so far; cloned only once a rule fails.
    let mut reduced: Option<BTreeMap<String, Value>> = None;
    let mut pos = 0;
    loop {
        let mut scope = Scope::new(spec, reduced.as_ref().unwrap_or(values))
            .with_version(version)
            .with_files(files);
        let mut rejected = None;
        while pos < order.len() {
            let var = order[pos];
            pos += 1;
            let before = out.len();
            for rule in &var.validations {
                out.extend(check_rule(&mut scope, spec, var, rule));
            }
            if out[before..].iter().any(|d| d.severity == Severity::Error) {
                rejected = Some(var.name.as_str());
                break;
            }
        }
        let Some(name) = rejected else {
            return finish_locals(scope, spec, out);
        };
        drop(scope);
        reduced.get_or_insert_with(|| values.clone()).remove(name);
    }
}

// The variables with rules, each after the variables its rules refer to (directly or through
// locals); declaration order otherwise, and for variables that refer to each other.
fn validation_order<'s>(spec: &'s ModuleSpec, skip: &BTreeSet<String>) -> Vec<&'s VariableSpec> {
    let vars: Vec<&VariableSpec> = spec
        .variables
        .iter()
        .filter(|v| !skip.contains(&v.name) && !v.validations.is_empty())
        .collect();
    let names: std::collections::HashSet<&str> = vars.iter().map(|v| v.name.as_str()).collect();
    let deps: Vec<BTreeSet<&str>> = vars
        .iter()
        .map(|v| {
            let mut seen_locals = BTreeSet::new();
            let mut out = BTreeSet::new();
            for rule in &v.validations {
                for e in [&rule.condition, &rule.error_message] {
                    variables_used(spec, e, &mut seen_locals, &mut out);
                }
            }
            out.remove(v.name.as_str());
            out.retain(|n| names.contains(n));
            out
        })
        .collect();
    let at: std::collections::HashMap<&str, usize> = vars
        .iter()
        .enumerate()
        .map(|(i, v)| (v.name.as_str(), i))
        .collect();
    let mut done = vec![false; vars.len()];
    let mut order = Vec::with_capacity(vars.len());
    // Every variable before `first` is done: the search starts there.
    let mut first = 0;
    while order.len() < vars.len() {
        while done[first] {
            first += 1;
        }
        let ready = (first..vars.len())
            .find(|&i| !done[i] && deps[i].iter().all(|d| at.get(d).is_some_and(|&j| done[j])));
        // A cycle: take the first remaining variable.
        let i = ready.unwrap_or_else(|| done.iter().position(|d| !d).unwrap_or(0));
        done[i] = true;
        order.push(vars[i]);
    }
    order
}

// The variables `e` refers to, following locals.
fn variables_used<'s>(
    spec: &'s ModuleSpec,
    e: &'s crate::expr::Expr,
    seen_locals: &mut BTreeSet<&'s str>,
    out: &mut BTreeSet<&'s str>,
) {
    for r in super::refs::references(e) {
        match r.root {
            super::refs::Root::Variable(n) => {
                out.insert(n);
            }
            super::refs::Root::Local(n) if seen_locals.insert(n) => {
                if let Some(local) = spec.locals.iter().find(|l| l.name == n) {
                    variables_used(spec, &local.expr, seen_locals, out);
                }
            }
            _ => {}
        }
    }
}

/// The sensitive variables the message of `var`'s `rule` refers to (directly or through
/// locals): whether there are any, and whether there are others than `var`.
struct SensitiveInMessage {
    any: bool,
    others: bool,
}

fn sensitive_in_message(
    spec: &ModuleSpec,
    var: &VariableSpec,
    rule: &ValidationSpec,
) -> SensitiveInMessage {
    let mut used = BTreeSet::new();
    variables_used(spec, &rule.error_message, &mut BTreeSet::new(), &mut used);
    let mut found = spec
        .variables
        .iter()
        .filter(|v| v.sensitive && used.contains(v.name.as_str()));
    SensitiveInMessage {
        any: found.clone().next().is_some(),
        others: found.any(|v| v.name != var.name),
    }
}

fn finish_locals(
    mut scope: Scope<'_>,
    spec: &ModuleSpec,
    mut out: Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    // Report in declaration order, whatever order the rules ran in.
    let position: std::collections::HashMap<&str, usize> = spec
        .variables
        .iter()
        .enumerate()
        .map(|(i, v)| (v.name.as_str(), i))
        .collect();
    out.sort_by_key(|d| d.variable.as_deref().and_then(|n| position.get(n).copied()));
    // Terraform evaluates every local during plan, used or not: a failing one fails the plan.
    // A local that fails because another one did repeats its error; report it once.
    let mut seen: Vec<(String, String)> = out
        .iter()
        .map(|d| (d.summary.clone(), d.detail.clone()))
        .collect();
    for local in &spec.locals {
        let Err(errors) = scope.eval(&crate::expr::Expr::Local(local.name.clone())) else {
            continue;
        };
        for e in errors.all() {
            let key = (e.summary.clone(), e.detail.clone());
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let location =
                error_location(&e, &local.location.file).unwrap_or_else(|| local.location.clone());
            out.push(Diagnostic {
                severity: Severity::Error,
                summary: e.summary,
                detail: e.detail,
                variable: None,
                path: String::new(),
                location: Some(location),
            });
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

/// A diagnostic for each error of `e` (HCL reports every failing part of an expression).
fn error_diags(var: &VariableSpec, rule: &ValidationSpec, e: EvalError) -> Vec<Diagnostic> {
    e.all()
        .into_iter()
        .map(|e| {
            let mut d = diagnostic(Severity::Error, var, rule, &e.summary, e.detail.clone());
            if let Some(at) = error_location(&e, &rule.location.file) {
                d.location = Some(at);
            }
            d
        })
        .collect()
}

/// Where an evaluation error points, when the expression carried its places; `file` is the
/// file of the expression evaluated.
fn error_location(e: &EvalError, file: &str) -> Option<Location> {
    let range = *e.range.clone()?;
    Some(Location::spanning(e.file.as_deref().unwrap_or(file), range))
}

/// A diagnostic about a whole expression of a rule (its result, not an error inside it),
/// pointing at the expression when it carries its place.
fn about_expression(mut d: Diagnostic, rule: &ValidationSpec, e: &Expr) -> Diagnostic {
    if let Some(site) = e.site() {
        d.location = Some(Location::spanning(rule.location.file.clone(), site.range));
    }
    d
}

/// `main.tf:20,3-13`, as Terraform writes the rule's place: the `validation` keyword (in a
/// `.tf.json` file, the opening brace of the block's object).
fn checked_at(rule: &ValidationSpec) -> String {
    let l = &rule.location;
    let width = if l.file.ends_with(".json") { 1 } else { 10 };
    format!("{}:{},{}-{}", l.file, l.line, l.column, l.column + width)
}

fn unchecked(
    scope: &Scope<'_>,
    var: &VariableSpec,
    rule: &ValidationSpec,
    what: &str,
) -> Diagnostic {
    diagnostic(
        Severity::Unchecked,
        var,
        rule,
        "Validation not checked",
        undecided(scope, rule, what),
    )
}

/// Why the rule's `what` (its condition or its error message) cannot be decided: the reasons
/// its values came out unknown.
fn undecided(scope: &Scope<'_>, rule: &ValidationSpec, what: &str) -> String {
    let reasons = scope.unknown_reasons();
    let why = if reasons.is_empty() {
        "it depends on a value that is not known before apply".to_string()
    } else {
        format!("it {}", reasons.join(", and "))
    };
    let source = if what == "condition" {
        &rule.condition_source
    } else {
        &rule.error_message_source
    };
    format!("the {what} `{source}` cannot be decided: {why}")
}

/// Whether HCL still gives a known value for `e` beside the error `err`: only a string template
/// does, when each error is one of its own interpolations (a null or a value that is no
/// string: HCL leaves the part out and goes on). Any other failing expression (a function call,
/// an operator, a `for` expression, an index) gives an unknown value.
fn known_despite(e: &Expr, err: &EvalError) -> bool {
    match e.peel() {
        Expr::Template(parts) => match parts.as_slice() {
            // `"${x}"` alone is `x`.
            [TemplatePart::Interpolation(inner)] => known_despite(inner, err),
            _ => {
                err.summary == "Invalid template interpolation value"
                    && err
                        .more
                        .iter()
                        .all(|m| m.summary == "Invalid template interpolation value")
            }
        },
        _ => false,
    }
}

/// Terraform's detail for a failed rule's message that it does not know during plan.
const UNKNOWN_MESSAGE: &str = "Unsuitable value for error message: expression refers to values \
                               that won't be known until the apply phase.";

/// Checks one rule as Terraform's `evalVariableValidation` does; returns its diagnostics.
fn check_rule(
    scope: &mut Scope<'_>,
    spec: &ModuleSpec,
    var: &VariableSpec,
    rule: &ValidationSpec,
) -> Vec<Diagnostic> {
    scope.clear_unknown_reasons();
    // References are checked before anything is evaluated, as Terraform does.
    for e in [&rule.condition, &rule.error_message] {
        if let Err(e) = scope.check_references(e) {
            return error_diags(var, rule, e);
        }
    }
    let condition = match scope.eval(&rule.condition) {
        Ok(v) => v,
        Err(e) => {
            // Terraform still evaluates the message, and reports its errors too.
            let mut out = error_diags(var, rule, e);
            if let Err(me) = scope.eval(&rule.error_message) {
                out.extend(error_diags(var, rule, me));
            }
            return out;
        }
    };
    let result_error = |detail: String| {
        vec![about_expression(
            diagnostic(
                Severity::Error,
                var,
                rule,
                "Invalid variable validation result",
                detail,
            ),
            rule,
            &rule.condition,
        )]
    };
    let passed = match conv::convert(&condition, &Type::Bool) {
        Ok(Value::Bool(b)) => b,
        Ok(Value::Null(_)) => {
            return result_error(
                "Validation condition expression must return either true or false, not null."
                    .into(),
            )
        }
        Ok(_) => return vec![unchecked(scope, var, rule, "condition")],
        Err(e) => return result_error(format!("Invalid validation condition result value: {e}.")),
    };
    // The message is evaluated even when the condition passes; its errors fail the plan.
    scope.clear_unknown_reasons();
    let mut out = Vec::new();
    let invalid_message = |detail: String| {
        about_expression(
            diagnostic(Severity::Error, var, rule, "Invalid error message", detail),
            rule,
            &rule.error_message,
        )
    };
    // Whether the message came out a string without errors: only then are its marks looked at.
    let mut evaluated = false;
    let message = match scope.eval(&rule.error_message) {
        Ok(v) => match conv::convert(&v, &Type::String) {
            Ok(Value::String(s)) => {
                evaluated = true;
                Some(s.trim().to_string())
            }
            Ok(Value::Null(_)) => Some(String::new()),
            Ok(_) => None,
            // An unsuitable message only matters when the condition failed.
            Err(e) if !passed => {
                out.push(invalid_message(format!(
                    "Unsuitable value for error message: {e}."
                )));
                Some(String::new())
            }
            Err(_) => None,
        },
        Err(e) => {
            let known = known_despite(&rule.error_message, &e);
            out.extend(error_diags(var, rule, e));
            if passed {
                return out;
            }
            if !known {
                // HCL gives an unknown value beside such an error: Terraform reports the message
                // as not known yet, and no failed rule.
                out.push(invalid_message(UNKNOWN_MESSAGE.into()));
                return out;
            }
            Some(String::new())
        }
    };
    if passed {
        return out;
    }
    // A message built from a sensitive value (of another variable: Terraform 1.11 validates a
    // variable's own value unmarked) or else an ephemeral one is not shown, and is an error of
    // its own, at the message.
    let sensitive = sensitive_in_message(spec, var, rule);
    let mark = if !evaluated {
        None
    } else if sensitive.others {
        Some("sensitive")
    } else {
        super::refs::marked_variables(&rule.error_message)
            .into_iter()
            .any(|n| scope.is_ephemeral(n))
            .then_some("ephemeral")
    };
    if let Some(mark) = mark {
        let undo = if mark == "sensitive" {
            "nonsensitive"
        } else {
            "ephemeralasnull"
        };
        out.push(about_expression(
            diagnostic(
                Severity::Error,
                var,
                rule,
                &format!("Error message refers to {mark} values"),
                format!(
                    "The error expression used to explain this condition refers to {mark} \
                     values. Terraform will not display the resulting message.\n\nYou can \
                     correct this by removing references to {mark} values, or by carefully \
                     using the {undo}() function if the expression will not reveal the {mark} \
                     data."
                ),
            ),
            rule,
            &rule.error_message,
        ));
    }
    let detail = match message {
        // tfvars never prints a sensitive value: not even the variable's own, which Terraform
        // 1.11 prints here.
        _ if mark.is_some() || (evaluated && sensitive.any) => {
            crate::sensitive::HIDDEN_MESSAGE.to_string()
        }
        Some(m) if !m.is_empty() => m,
        Some(_) => "Failed to evaluate condition error message.".to_string(),
        // The rule failed, but its message is not known. Terraform refuses a message it does
        // not know during plan; one that only the runtime cannot work out (a function it does
        // not run) still fails the rule, with the reason in place of the message.
        None if !scope.unknown_to_the_runtime_only() => {
            out.push(invalid_message(UNKNOWN_MESSAGE.into()));
            return out;
        }
        None => format!(
            "The validation rule failed; {}.",
            undecided(scope, rule, "error message")
        ),
    };
    out.insert(
        0,
        diagnostic(
            Severity::Error,
            var,
            rule,
            "Invalid value for variable",
            format!(
                "{detail}\n\nThis was checked by the validation rule at {}.",
                checked_at(rule)
            ),
        ),
    );
    out
}
