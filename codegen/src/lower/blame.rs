//! Where in a constant expression an evaluation error arises, as Terraform points at it.
//!
//! The IR carries no positions, so the error is traced back through the parsed expression: the
//! innermost sub-expression that fails on its own with the same error is where it arose, and
//! the part of that expression Terraform names (an operand, the `[…]` or `.name` step, a `for`
//! expression's collection, condition or key, a template's interpolation) is where it points.

use std::ops::Range;

use hcl_edit::expr::{Expression, ObjectKey, Traversal, TraversalOperator};
use hcl_edit::template::{Directive, Element};
use hcl_edit::Span;
use tfvars_runtime::eval::{eval_constant, EvalError};
use tfvars_runtime::expr::TemplatePart;
use tfvars_runtime::Expr;

use super::lower_constant_in;

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
/// `expr` (whose spans point into `source`): usually one, pointing at the part of `expr` that
/// failed; two when both operands of an operator are unsuitable.
pub fn locate_constant_error(
    expr: &Expression,
    source: Option<&str>,
    err: &EvalError,
) -> Vec<LocatedError> {
    let blame = Blame { source };
    let mut out = blame.find(expr, err, 0);
    if out.is_empty() {
        out.push(LocatedError {
            summary: err.summary.clone(),
            detail: err.detail.clone(),
            span: expr.span(),
        });
    }
    out
}

/// How deep the search goes; deeper errors point at the deepest expression reached.
const MAX_DEPTH: usize = 64;

struct Blame<'s> {
    source: Option<&'s str>,
}

fn same(a: &EvalError, b: &EvalError) -> bool {
    a.summary == b.summary && a.detail == b.detail
}

impl Blame<'_> {
    fn lower(&self, e: &Expression) -> Option<Expr> {
        lower_constant_in(e, self.source).ok()
    }

    /// The error of `e` evaluated on its own; `None` when it evaluates or cannot stand alone
    /// (it uses a `for` symbol).
    fn fails(&self, e: &Expression) -> Option<EvalError> {
        eval_constant(&self.lower(e)?).err()
    }

    fn find(&self, e: &Expression, err: &EvalError, depth: usize) -> Vec<LocatedError> {
        if depth < MAX_DEPTH {
            for child in children(e) {
                if self.fails(child).is_some_and(|c| same(&c, err)) {
                    return self.find(child, err, depth + 1);
                }
            }
        }
        self.at(e, err)
    }

    fn one(&self, err: &EvalError, span: Option<Range<usize>>) -> Vec<LocatedError> {
        vec![LocatedError {
            summary: err.summary.clone(),
            detail: err.detail.clone(),
            span,
        }]
    }

    /// The error arose in `e` itself (none of its parts fails alone with it).
    fn at(&self, e: &Expression, err: &EvalError) -> Vec<LocatedError> {
        match e {
            Expression::BinaryOp(op) if err.detail.contains("left operand") => {
                let mut out = self.one(err, op.lhs_expr.span());
                // The right operand is converted to the same type as the left: it is just as
                // unsuitable when it fails in the left's place.
                if let Some(rhs) = self.lower(&op.rhs_expr) {
                    let both = Expr::Binary(
                        super::binary(*op.operator.value()),
                        Box::new(rhs.clone()),
                        Box::new(rhs),
                    );
                    if let Err(r) = eval_constant(&both) {
                        if r.summary == err.summary && r.detail.contains("left operand") {
                            out.push(LocatedError {
                                summary: r.summary,
                                detail: r.detail.replace("left operand", "right operand"),
                                span: op.rhs_expr.span(),
                            });
                        }
                    }
                }
                out
            }
            Expression::BinaryOp(op) if err.detail.contains("right operand") => {
                self.one(err, op.rhs_expr.span())
            }
            Expression::Traversal(t) => self.one(err, self.failing_step(t, err).or(e.span())),
            Expression::ForExpr(f) => {
                let span = if err.summary.starts_with("Iteration over") {
                    f.intro.collection_expr.span()
                } else if err.summary == "Invalid 'for' condition" {
                    f.cond.as_ref().and_then(|c| c.expr.span())
                } else if err.summary == "Duplicate object key" || err.summary.contains("key") {
                    f.key_expr.as_ref().and_then(|k| k.span())
                } else {
                    None
                };
                self.one(err, span.or(e.span()))
            }
            Expression::Conditional(c) if err.summary.contains("condition") => {
                self.one(err, c.cond_expr.span())
            }
            Expression::StringTemplate(t) => {
                let span = self.failing_interpolation(t.iter(), err);
                self.one(err, span.or(e.span()))
            }
            Expression::HeredocTemplate(h) => {
                let span = self.failing_interpolation(h.template.iter(), err);
                self.one(err, span.or(e.span()))
            }
            _ => self.one(err, e.span()),
        }
    }

    /// The `.name` or `[key]` step of a traversal that fails with `err`: where its text starts.
    fn failing_step(&self, t: &Traversal, err: &EvalError) -> Option<Range<usize>> {
        let mut before = t.expr.span()?.end;
        for n in 1..=t.operators.len() {
            let prefix = Expression::Traversal(Box::new(Traversal::new(
                t.expr.clone(),
                t.operators[..n].to_vec(),
            )));
            let op = &t.operators[n - 1];
            if self.fails(&prefix).is_some_and(|c| same(&c, err)) {
                let text = self.source?;
                let rest = text.get(before..)?;
                let start = before + (rest.len() - rest.trim_start().len());
                let end = op.span().map_or(start + 1, |s| s.end.max(start + 1));
                return Some(start..end);
            }
            before = match op.value() {
                // A splat applies the rest to each element: a failure after it is the splat's.
                TraversalOperator::FullSplat(_) | TraversalOperator::AttrSplat(_) => return None,
                _ => op.span()?.end,
            };
        }
        None
    }

    /// The interpolation of a template whose value cannot be included in a string.
    fn failing_interpolation<'a>(
        &self,
        elements: impl Iterator<Item = &'a Element>,
        err: &EvalError,
    ) -> Option<Range<usize>> {
        for el in elements {
            let Element::Interpolation(i) = el else {
                continue;
            };
            let Some(value) = self.lower(&i.expr) else {
                continue;
            };
            let alone = Expr::Template(vec![
                TemplatePart::Literal(String::new()),
                TemplatePart::Interpolation(value),
            ]);
            if eval_constant(&alone).is_err_and(|c| same(&c, err)) {
                return i.expr.span();
            }
        }
        None
    }
}

/// The parts of an expression that can be evaluated on their own, in evaluation order.
fn children(e: &Expression) -> Vec<&Expression> {
    match e {
        Expression::Array(items) => items.iter().collect(),
        Expression::Object(obj) => obj
            .iter()
            .flat_map(|(k, v)| {
                let key = match k {
                    ObjectKey::Expression(k) => Some(k),
                    ObjectKey::Ident(_) => None,
                };
                key.into_iter().chain([v.expr()])
            })
            .collect(),
        Expression::Parenthesis(p) => vec![p.inner()],
        Expression::Conditional(c) => vec![&c.cond_expr, &c.true_expr, &c.false_expr],
        Expression::UnaryOp(op) => vec![&op.expr],
        Expression::BinaryOp(op) => vec![&op.lhs_expr, &op.rhs_expr],
        Expression::Traversal(t) => std::iter::once(&t.expr)
            .chain(t.operators.iter().filter_map(|op| match op.value() {
                TraversalOperator::Index(k) => Some(k),
                _ => None,
            }))
            .collect(),
        Expression::ForExpr(f) => vec![&f.intro.collection_expr],
        Expression::StringTemplate(t) => template_children(t.iter()),
        Expression::HeredocTemplate(h) => template_children(h.template.iter()),
        _ => Vec::new(),
    }
}

fn template_children<'a>(elements: impl Iterator<Item = &'a Element>) -> Vec<&'a Expression> {
    let mut out = Vec::new();
    for el in elements {
        match el {
            Element::Literal(_) => {}
            Element::Interpolation(i) => out.push(&i.expr),
            Element::Directive(d) => match &**d {
                Directive::If(d) => {
                    out.push(&d.if_expr.cond_expr);
                    out.extend(template_children(d.if_expr.template.iter()));
                    if let Some(e) = &d.else_expr {
                        out.extend(template_children(e.template.iter()));
                    }
                }
                Directive::For(d) => out.push(&d.for_expr.collection_expr),
            },
        }
    }
    out
}
