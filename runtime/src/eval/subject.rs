//! Where an evaluation error points: the part of the expression hclsyntax names as the
//! diagnostic's subject (the argument at fault, an operand, a condition, a traversal step, a
//! call's name and `(`, …), worked out from the places lowering recorded ([`Site`]).

use crate::expr::{Expr, Site, SourceRange};

use super::error::{joined, EvalError};

/// The error raised while evaluating `inner` (recorded at `site`), pointing where Terraform
/// points. An error that already points somewhere (raised deeper) is left as it is.
pub(crate) fn locate(e: EvalError, inner: &Expr, site: &Site) -> EvalError {
    if e.range.is_some() && e.more.iter().all(|m| m.range.is_some()) {
        return e;
    }
    joined(e.all().into_iter().map(|e| locate_one(e, inner, site))).expect("an error")
}

fn locate_one(mut e: EvalError, inner: &Expr, site: &Site) -> EvalError {
    if e.range.is_some() {
        return e;
    }
    let start = |x: &Expr| x.site().map_or(site.start, |s| s.start);
    let whole = |x: &Expr| x.site().map_or(site.range, |s| s.range);
    let range = match inner.peel() {
        Expr::Call { args, .. } => match e.arg.take() {
            // With a final `...`, the expanded arguments all come from the last expression.
            Some(i) => args
                .get(i as usize)
                .or(args.last())
                .map_or(site.start, start),
            None if e.summary == "Not enough function arguments" => site.operation,
            None => site.start,
        },
        Expr::GetAttr(..) | Expr::Index(..) => site.operation,
        // hclsyntax points a null sequence's splat at the sequence (`var.acls` of
        // `var.acls[*].rules`).
        Expr::Splat { source, .. } if e.summary == "Splat of null value" => whole(source),
        Expr::Binary(_, lhs, rhs) if e.summary == "Invalid operand" => {
            if e.detail.contains("left operand") {
                whole(lhs)
            } else {
                whole(rhs)
            }
        }
        Expr::Unary(_, operand) if e.summary == "Invalid operand" => whole(operand),
        Expr::Conditional(cond, then, otherwise) => match e.summary.as_str() {
            "Null condition" | "Incorrect condition type" => whole(cond),
            "Inconsistent conditional result types" => {
                if e.detail.starts_with("The true result") {
                    whole(then)
                } else if e.detail.starts_with("The false result") {
                    whole(otherwise)
                } else {
                    between(whole(then), whole(otherwise))
                }
            }
            _ => site.range,
        },
        Expr::For(f) => match e.summary.as_str() {
            "Iteration over null value" | "Iteration over non-iterable value" => {
                whole(&f.collection)
            }
            "Condition is null" | "Invalid 'for' condition" => {
                f.condition.as_ref().map_or(site.range, whole)
            }
            "Invalid object key" | "Duplicate object key" => {
                f.key.as_ref().map_or(site.range, whole)
            }
            _ => site.range,
        },
        _ => site.range,
    };
    e.range = Some(Box::new(range));
    e
}

/// The range from the start of `a` to the end of `b`.
fn between(a: SourceRange, b: SourceRange) -> SourceRange {
    SourceRange {
        start: a.start,
        end: b.end,
    }
}

/// The whole range of `e`, when lowering recorded it.
pub(crate) fn range_of(e: &Expr) -> Option<SourceRange> {
    e.site().map(|s| s.range)
}
