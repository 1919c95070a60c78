//! Validation conditions the runtime cannot decide: they call a function the evaluator does not
//! implement, or refer to something only known after apply. `validate()` reports them as
//! unchecked; the expansion adds a compile-time warning for each (a use of a deprecated item,
//! the one warning a proc macro can raise on stable Rust).

use std::collections::BTreeSet;

use tfvars_runtime::eval::is_supported_function;
use tfvars_runtime::expr::{Expr, TemplatePart};
use tfvars_runtime::{Location, ModuleSpec};

/// One validation rule that cannot be checked, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// The variable.
    pub variable: String,
    /// Where the rule's condition is.
    pub location: Location,
    /// Why: "calls `foo()`, which tfvars does not evaluate".
    pub reason: String,
}

impl Unsupported {
    /// The message shown at compile time.
    pub fn message(&self) -> String {
        format!(
            "the validation rule of `var.{}` at {} cannot be checked: it {}; `validate()` reports it as unchecked",
            self.variable, self.location, self.reason
        )
    }

    /// Rust source that raises the message as a compile-time warning.
    pub fn to_warning_text(&self) -> String {
        let mut out = String::from("const _: () = {\n#[deprecated(note = ");
        super::text::push_str_lit(&mut out, &self.message());
        out.push_str(
            ")]\n#[allow(non_camel_case_types)]\nstruct unchecked_validation;\nlet _ = unchecked_validation;\n};\n",
        );
        out
    }
}

/// Every validation rule of the module that the runtime cannot decide, in declaration order.
pub fn unsupported_conditions(spec: &ModuleSpec) -> Vec<Unsupported> {
    let mut out = Vec::new();
    for var in &spec.variables {
        for rule in &var.validations {
            let mut reasons = BTreeSet::new();
            let mut seen_locals = BTreeSet::new();
            walk(&rule.condition, spec, &mut seen_locals, &mut reasons);
            walk(&rule.error_message, spec, &mut seen_locals, &mut reasons);
            if !reasons.is_empty() {
                out.push(Unsupported {
                    variable: var.name.clone(),
                    location: rule.location.clone(),
                    reason: reasons.into_iter().collect::<Vec<_>>().join(", and "),
                });
            }
        }
    }
    out
}

// Evaluated by `validate_in(dir)` (`CheckOptions::files`), not by `validate()`.
const FILE_FUNCTIONS: &[&str] = &[
    "file",
    "fileexists",
    "fileset",
    "filebase64",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "filebase64sha256",
    "filebase64sha512",
    "templatefile",
    "pathexpand",
    "abspath",
];

fn walk(
    expr: &Expr,
    spec: &ModuleSpec,
    locals: &mut BTreeSet<String>,
    reasons: &mut BTreeSet<String>,
) {
    let mut go = |e: &Expr, reasons: &mut BTreeSet<String>| walk(e, spec, locals, reasons);
    match expr {
        Expr::At(at) => go(&at.0, reasons),
        // An ambiguous key fails whatever its traversal refers to.
        Expr::Literal(_) | Expr::Variable(_) | Expr::Bound(_) | Expr::AmbiguousKey(_) => {}
        Expr::Unknown(what)
            if matches!(what.as_str(), "path.module" | "path.root" | "path.cwd") =>
        {
            reasons.insert(format!(
                "refers to `{what}`, which `validate()` does not evaluate (`validate_in(dir)` does)"
            ));
        }
        Expr::Unknown(what) => {
            reasons.insert(format!(
                "refers to `{what}`, which is only known after apply"
            ));
        }
        Expr::Local(name) => {
            if locals.insert(name.clone()) {
                if let Some(local) = spec.locals.iter().find(|l| &l.name == name) {
                    walk(&local.expr, spec, locals, reasons);
                }
            }
        }
        Expr::Template(parts) => template(parts, &mut |e| go(e, reasons)),
        Expr::Tuple(items) => items.iter().for_each(|e| go(e, reasons)),
        Expr::Object(items) => items.iter().for_each(|(k, v)| {
            go(k, reasons);
            go(v, reasons);
        }),
        Expr::GetAttr(e, _) | Expr::Unary(_, e) => go(e, reasons),
        Expr::Index(a, b) | Expr::Binary(_, a, b) => {
            go(a, reasons);
            go(b, reasons);
        }
        Expr::Splat { source, each, .. } => {
            go(source, reasons);
            go(each, reasons);
        }
        Expr::Conditional(c, a, b) => {
            go(c, reasons);
            go(a, reasons);
            go(b, reasons);
        }
        Expr::Call { name, args, .. } => {
            if FILE_FUNCTIONS.contains(&name.as_str()) {
                reasons.insert(format!(
                    "calls `{name}()`, which `validate()` does not evaluate (`validate_in(dir)` does)"
                ));
            } else if !is_supported_function(name) {
                reasons.insert(format!("calls `{name}()`, which tfvars does not evaluate"));
            }
            args.iter().for_each(|e| go(e, reasons));
        }
        Expr::For(f) => {
            go(&f.collection, reasons);
            if let Some(k) = &f.key {
                go(k, reasons);
            }
            go(&f.value, reasons);
            if let Some(c) = &f.condition {
                go(c, reasons);
            }
        }
    }
}

fn template(parts: &[TemplatePart], go: &mut dyn FnMut(&Expr)) {
    for part in parts {
        match part {
            TemplatePart::Literal(_) => {}
            TemplatePart::Interpolation(e) => go(e),
            TemplatePart::If {
                condition,
                then,
                otherwise,
            } => {
                go(condition);
                template(then, go);
                template(otherwise, go);
            }
            TemplatePart::For {
                collection, body, ..
            } => {
                go(collection);
                template(body, go);
            }
        }
    }
}
