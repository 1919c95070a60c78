//! Checks Terraform makes on declarations: names, validation conditions, references.

use std::ops::Range;

use tfvars_runtime::{Expr, Location};

use super::{Decls, FileCx};
use crate::error::Problem;
use crate::lower::{has_references, variables_used};
use crate::text_hash::TextSet;

/// Names Terraform reserves for module-block arguments; no variable may use them.
pub const RESERVED_NAMES: &[&str] = &[
    "source",
    "version",
    "count",
    "for_each",
    "depends_on",
    "providers",
    "lifecycle",
    "locals",
    "provider",
    "_",
];

/// The `var.x` and `local.x` an expression uses, to check that they are declared, with its
/// source text and where that text starts, to point at the reference itself. The names are
/// kept rather than a copy of the expression, which only they are needed from.
pub(crate) struct RefSite {
    /// The names of the variables used, in order of use.
    variables: Vec<String>,
    /// The names of the locals used, likewise.
    locals: Vec<String>,
    text: String,
    start: Location,
}

impl RefSite {
    /// The references of `expr`, whose source `text` starts at `start`.
    pub fn new(expr: &Expr, text: String, start: Location) -> RefSite {
        let names = |used: Vec<&str>| used.into_iter().map(str::to_string).collect();
        RefSite {
            variables: names(variables_used(expr)),
            locals: names(crate::lower::locals_used(expr)),
            text,
            start,
        }
    }

    /// Where `needle` first occurs in the text as a whole reference, or the text's start.
    fn locate(&self, needle: &str) -> Location {
        let found = self.text.match_indices(needle).find(|(i, _)| {
            let before = self.text[..*i].chars().next_back();
            let after = self.text[i + needle.len()..].chars().next();
            !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
                && !after.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-')
        });
        let Some((i, _)) = found else {
            return self.start.clone();
        };
        let prefix = &self.text[..i];
        match prefix.rfind('\n') {
            None => Location {
                column: self.start.column + prefix.chars().count() as u32,
                ..self.start.clone()
            },
            Some(nl) => Location {
                line: self.start.line + prefix.matches('\n').count() as u32,
                column: prefix[nl + 1..].chars().count() as u32 + 1,
                ..self.start.clone()
            },
        }
    }
}

/// Checks a variable name: an identifier (dashes allowed) and not reserved.
pub(crate) fn check_variable_name(cx: &mut FileCx, name: &str, span: Option<Range<usize>>) {
    if !is_identifier(name) {
        cx.problem(
            span,
            "Invalid variable name",
            "A name must start with a letter or underscore and may contain only letters, \
             digits, underscores, and dashes.",
        );
    } else if RESERVED_NAMES.contains(&name) {
        cx.problem(
            span,
            "Invalid variable name",
            &format!(
                "The variable name \"{name}\" is reserved due to its special meaning inside \
                 module blocks."
            ),
        );
    }
}

/// HCL's identifier rule: a letter or `_`, then letters, digits, `_` and `-`.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c.is_alphabetic() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// Checks a validation condition: it must refer to the variable itself (Terraform 1.9+ allows
/// other variables and locals besides).
pub(crate) fn check_condition(
    cx: &mut FileCx,
    variable: &str,
    condition: &Expr,
    span: Option<Range<usize>>,
) {
    if !has_references(condition) {
        cx.problem(
            span.clone(),
            "Invalid validation expression",
            "The condition expression must refer to at least one object from elsewhere in the \
             configuration, or else its result would not be checking anything.",
        );
    }
    if !variables_used(condition).contains(&variable) {
        cx.problem(
            span,
            "Invalid variable validation condition",
            &format!(
                "The condition for variable \"{variable}\" must refer to var.{variable} in order \
                 to test incoming values."
            ),
        );
    }
}

/// Every `var.x` and `local.x` used in conditions, messages and locals must be declared.
pub(super) fn check_references(decls: &Decls, problems: &mut Vec<Problem>) {
    let variables: TextSet<&str> = decls
        .variables
        .iter()
        .map(|v| v.spec.name.as_str())
        .collect();
    let locals: TextSet<&str> = decls.locals.iter().map(|l| l.name.as_str()).collect();
    for site in &decls.references {
        let mut seen: Vec<&str> = Vec::new();
        for name in site.variables.iter().map(String::as_str) {
            if !variables.contains(name) && !seen.contains(&name) {
                seen.push(name);
                problems.push(Problem::at(
                    site.locate(&format!("var.{name}")),
                    format!(
                        "Reference to undeclared input variable: An input variable with the \
                         name \"{name}\" has not been declared. This variable can be declared \
                         with a variable \"{name}\" {{}} block"
                    ),
                ));
            }
        }
        for name in site.locals.iter().map(String::as_str) {
            if !locals.contains(name) && !seen.contains(&name) {
                seen.push(name);
                problems.push(Problem::at(
                    site.locate(&format!("local.{name}")),
                    format!(
                        "Reference to undeclared local value: A local value with the name \
                         \"{name}\" has not been declared"
                    ),
                ));
            }
        }
    }
}
