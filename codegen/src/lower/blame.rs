//! Where in a constant expression an evaluation error arises, as Terraform points at it.
//!
//! The IR carries no positions, so the error is traced back through the parsed expression: the
//! innermost sub-expression that fails on its own with the same error is where it arose, and
//! the part of that expression Terraform names (an operand, the `[…]` or `.name` step, a `for`
//! expression's collection, condition or key, a template's interpolation) is where it points.

use std::ops::Range;

use tfvars_hcl::{Expr as Hcl, ExprKind, Span, Step, StepKind, TemplatePart as Part};
use tfvars_runtime::eval::{eval_constant, EvalError};
use tfvars_runtime::expr::TemplatePart;
use tfvars_runtime::Expr;

use super::lower_constant;

/// An evaluation error with the place it points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocatedError {
    /// Terraform's summary.
    pub summary: String,
    /// Terraform's detail.
    pub detail: String,
    /// The byte range in the source, when known.
    pub span: Option<Range<usize>>,
}

/// The diagnostics Terraform gives for `err`, the error evaluating the constant expression
/// `expr`: usually one, pointing at the part of `expr` that failed; two when both operands of
/// an operator are unsuitable.
pub fn locate_constant_error(expr: &Hcl<'_>, err: &EvalError) -> Vec<LocatedError> {
    let mut out = find(expr, err, 0);
    if out.is_empty() {
        out.push(located(err, expr.span));
    }
    out
}

/// The diagnostics Terraform gives for `err`, the error evaluating the constant expression
/// `expr`: where the evaluation placed them when `expr` was lowered with its places (each error
/// with its whole range, every one HCL reports), else where [`locate_constant_error`] finds it.
pub fn constant_errors(expr: &Hcl<'_>, err: EvalError) -> Vec<LocatedError> {
    let placed = err.range.is_some() && err.more.iter().all(|m| m.range.is_some());
    if !placed {
        return locate_constant_error(expr, &err);
    }
    err.all()
        .into_iter()
        .map(|e| LocatedError {
            span: e.range.map(|r| r.start.byte as usize..r.end.byte as usize),
            summary: e.summary,
            detail: e.detail,
        })
        .collect()
}

/// How deep the search goes; deeper errors point at the deepest expression reached.
const MAX_DEPTH: usize = 64;

fn same(a: &EvalError, b: &EvalError) -> bool {
    a.summary == b.summary && a.detail == b.detail
}

fn located(err: &EvalError, span: Span) -> LocatedError {
    LocatedError {
        summary: err.summary.clone(),
        detail: err.detail.clone(),
        span: Some(span.range()),
    }
}

fn lower(e: &Hcl<'_>) -> Option<Expr> {
    lower_constant(e).ok()
}

/// The error of `e` evaluated on its own; `None` when it evaluates or cannot stand alone (it
/// uses a `for` symbol).
fn fails(e: &Hcl<'_>) -> Option<EvalError> {
    eval_constant(&lower(e)?).err()
}

fn find(e: &Hcl<'_>, err: &EvalError, depth: usize) -> Vec<LocatedError> {
    if depth < MAX_DEPTH {
        for child in children(e) {
            if fails(child).is_some_and(|c| same(&c, err)) {
                return find(child, err, depth + 1);
            }
        }
    }
    at(e, err)
}

/// The error arose in `e` itself (none of its parts fails alone with it).
fn at(e: &Hcl<'_>, err: &EvalError) -> Vec<LocatedError> {
    match &e.kind {
        ExprKind::Binary { op, lhs, rhs, .. } if err.detail.contains("left operand") => {
            let mut out = vec![located(err, lhs.span)];
            // The right operand is converted to the same type as the left: it is just as
            // unsuitable when it fails in the left's place.
            if let Some(r) = lower(rhs) {
                let both = Expr::Binary(super::binary(*op), Box::new(r.clone()), Box::new(r));
                if let Err(r) = eval_constant(&both) {
                    if r.summary == err.summary && r.detail.contains("left operand") {
                        out.push(LocatedError {
                            summary: r.summary,
                            detail: r.detail.replace("left operand", "right operand"),
                            span: Some(rhs.span.range()),
                        });
                    }
                }
            }
            out
        }
        ExprKind::Binary { rhs, .. } if err.detail.contains("right operand") => {
            vec![located(err, rhs.span)]
        }
        ExprKind::ScopeTraversal { steps, .. } | ExprKind::RelativeTraversal { steps, .. } => {
            vec![located(err, failing_step(e, steps, err).unwrap_or(e.span))]
        }
        ExprKind::For(f) => {
            let span = if err.summary.starts_with("Iteration over") {
                Some(f.collection.span)
            } else if err.summary == "Invalid 'for' condition" {
                f.condition.as_ref().map(|c| c.span)
            } else if err.summary == "Duplicate object key" || err.summary.contains("key") {
                f.key.map(|k| k.span)
            } else {
                None
            };
            vec![located(err, span.unwrap_or(e.span))]
        }
        ExprKind::Conditional(c) if err.summary.contains("condition") => {
            vec![located(err, c.condition.span)]
        }
        ExprKind::Template(parts) => {
            vec![located(
                err,
                failing_interpolation(parts, err).unwrap_or(e.span),
            )]
        }
        ExprKind::Index { bracket, .. } => vec![located(err, *bracket)],
        _ => vec![located(err, e.span)],
    }
}

/// The static step of a traversal that fails with `err`.
fn failing_step(e: &Hcl<'_>, steps: &[Step<'_>], err: &EvalError) -> Option<Span> {
    for n in 1..=steps.len() {
        let prefix = with_steps(e, &steps[..n]);
        if fails(&prefix).is_some_and(|c| same(&c, err)) {
            return Some(steps[n - 1].span);
        }
    }
    None
}

/// The traversal `e` with only `steps`.
fn with_steps<'s>(e: &Hcl<'s>, steps: &'s [Step<'s>]) -> Hcl<'s> {
    let kind = match &e.kind {
        ExprKind::ScopeTraversal {
            root, root_span, ..
        } => ExprKind::ScopeTraversal {
            root,
            root_span: *root_span,
            steps,
        },
        ExprKind::RelativeTraversal { source, .. } => ExprKind::RelativeTraversal { source, steps },
        other => *other,
    };
    Hcl { kind, span: e.span }
}

/// The interpolation of a template whose value cannot be included in a string.
fn failing_interpolation(parts: &[Part<'_>], err: &EvalError) -> Option<Span> {
    for part in parts {
        let Part::Interpolation(inner) = part else {
            continue;
        };
        let Some(value) = lower(inner) else {
            continue;
        };
        let alone = Expr::Template(vec![
            TemplatePart::Literal(String::new()),
            TemplatePart::Interpolation(value),
        ]);
        if eval_constant(&alone).is_err_and(|c| same(&c, err)) {
            return Some(inner.span);
        }
    }
    None
}

/// The parts of an expression that can be evaluated on their own, in evaluation order.
fn children<'a, 's>(e: &'a Hcl<'s>) -> Vec<&'a Hcl<'s>> {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().collect(),
        ExprKind::Object(items) => items
            .iter()
            .flat_map(|item| {
                let key = (item.parenthesized || super::bare_name(&item.key).is_none())
                    .then_some(&item.key);
                key.into_iter().chain([&item.value])
            })
            .collect(),
        ExprKind::Parens(inner) | ExprKind::TemplateWrap(inner) => vec![*inner],
        ExprKind::Conditional(c) => vec![&c.condition, &c.true_result, &c.false_result],
        ExprKind::Unary { operand, .. } => vec![*operand],
        ExprKind::Binary { lhs, rhs, .. } => vec![*lhs, *rhs],
        ExprKind::ScopeTraversal { steps, .. } => index_keys(steps),
        ExprKind::RelativeTraversal { source, steps } => {
            let mut out = vec![*source];
            out.extend(index_keys(steps));
            out
        }
        ExprKind::Index {
            collection, key, ..
        } => vec![*collection, *key],
        ExprKind::Splat { source, .. } => vec![*source],
        ExprKind::For(f) => vec![&f.collection],
        ExprKind::Template(parts) => template_children(parts),
        _ => Vec::new(),
    }
}

fn index_keys<'a, 's>(steps: &'a [Step<'s>]) -> Vec<&'a Hcl<'s>> {
    steps
        .iter()
        .filter_map(|s| match &s.kind {
            StepKind::Index(key) => Some(*key),
            _ => None,
        })
        .collect()
}

fn template_children<'a, 's>(parts: &'a [Part<'s>]) -> Vec<&'a Hcl<'s>> {
    let mut out = Vec::new();
    for part in parts {
        match part {
            Part::Literal { .. } => {}
            Part::Interpolation(e) => out.push(e),
            Part::If {
                condition,
                then,
                otherwise,
                ..
            } => {
                out.push(condition);
                out.extend(template_children(then));
                out.extend(template_children(otherwise));
            }
            Part::For { collection, .. } => out.push(collection),
        }
    }
    out
}
