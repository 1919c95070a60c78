//! Lowering HCL expressions (as parsed by hcl-edit) into the runtime's expression IR.
//!
//! Two modes: the full language (validation conditions, error messages, locals), and constant
//! expressions (defaults, optional-attribute defaults, `.tfvars` values), where function calls
//! and references are errors worded as Terraform words them.

use std::ops::Range;

use hcl_edit::expr::{BinaryOperator, Expression, ObjectKey, TraversalOperator, UnaryOperator};
use hcl_edit::template::Template;
use hcl_edit::Span;
use tfvars_runtime::expr::{BinaryOp, ForExpr, UnaryOp};
use tfvars_runtime::{Expr, Number, Value};

mod blame;
mod parse;
mod refs;
mod scan;
mod template;

pub use blame::{locate_constant_error, LocatedError};
pub(crate) use parse::{original_key, parse_guarded, MULTI_LINE, PARSE_STACK};
pub use parse::{parse_body_exact, parse_expr_exact, syntax_problems, SyntaxProblem};
pub use refs::{has_references, locals_used, variables_used};
pub use scan::{scan, QuotedDirectives, ScanFindings};

/// How deeply expressions may nest before lowering gives up with an error.
pub const MAX_DEPTH: usize = 256;

/// The symbol a splat binds each element to. Not an identifier, so it never clashes with a
/// name in the source; nested splats shadow it, as each refers only to its own element.
pub const SPLAT_SYMBOL: &str = "*";

/// An expression that cannot be lowered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerError {
    /// Terraform's summary, e.g. `Function calls not allowed`.
    pub summary: String,
    /// The detail, e.g. `Functions may not be called here`.
    pub detail: String,
    /// Byte range of the offending expression in the parsed text, when known.
    pub span: Option<Range<usize>>,
}

impl std::fmt::Display for LowerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.detail)
    }
}

impl std::error::Error for LowerError {}

/// Lowers an expression of the full language.
pub fn lower_expr(expr: &Expression) -> Result<Expr, LowerError> {
    lower_expr_in(expr, None)
}

/// Lowers an expression of the full language, given the source text its spans point into.
/// With the source, `<<-` heredocs are dedented exactly as HCL does (over every line, those
/// inside `%{if}`/`%{for}` directives included).
pub fn lower_expr_in(expr: &Expression, source: Option<&str>) -> Result<Expr, LowerError> {
    let mut l = Lowerer::new(false);
    l.source = source;
    let out = l.expr(expr);
    match l.errors.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// Lowers a constant expression: function calls and references are errors, all of them
/// reported.
pub fn lower_constant(expr: &Expression) -> Result<Expr, Vec<LowerError>> {
    lower_constant_in(expr, None)
}

/// Lowers a constant expression, given the source text its spans point into (see
/// [`lower_expr_in`]).
pub fn lower_constant_in(expr: &Expression, source: Option<&str>) -> Result<Expr, Vec<LowerError>> {
    let mut l = Lowerer::new(true);
    l.source = source;
    let out = l.expr(expr);
    if l.errors.is_empty() {
        Ok(out)
    } else {
        Err(l.errors)
    }
}

/// Lowers a template (the text of a `.tf.json` string, parsed as a template).
pub fn lower_template(template: &Template, constant: bool) -> Result<Expr, Vec<LowerError>> {
    let mut l = Lowerer::new(constant);
    let out = l.template_expr(template, None);
    if l.errors.is_empty() {
        Ok(out)
    } else {
        Err(l.errors)
    }
}

/// Parses the text of an HCL number literal exactly (never through `f64`).
pub fn parse_number(text: &str) -> Option<Number> {
    let (int, rest) = text
        .find(['.', 'e', 'E'])
        .map_or((text, ""), |i| text.split_at(i));
    let trimmed = int.trim_start_matches('0');
    let int = if trimmed.is_empty() && !int.is_empty() {
        "0"
    } else {
        trimmed
    };
    if int.len() == text.len() - rest.len() {
        // No leading zeros to drop: the text is already in JSON's form.
        return Number::parse_json(text);
    }
    Number::parse_json(&format!("{int}{rest}"))
}

struct Lowerer<'s> {
    constant: bool,
    /// The text spans point into, when known.
    source: Option<&'s str>,
    /// Added to spans of a re-parsed heredoc or object key to point into `source`.
    shift: usize,
    depth: usize,
    bound: Vec<String>,
    errors: Vec<LowerError>,
}

/// A placeholder for an expression that failed to lower; never returned to callers.
fn placeholder() -> Expr {
    Expr::Literal(Value::null())
}

impl<'s> Lowerer<'s> {
    fn new(constant: bool) -> Lowerer<'s> {
        Lowerer {
            constant,
            source: None,
            shift: 0,
            depth: 0,
            bound: Vec::new(),
            errors: Vec::new(),
        }
    }

    fn error(&mut self, summary: &str, detail: &str, span: Option<Range<usize>>) -> Expr {
        let shift = self.shift;
        self.errors.push(LowerError {
            summary: summary.into(),
            detail: detail.into(),
            span: span.map(|s| s.start + shift..s.end + shift),
        });
        placeholder()
    }

    fn expr(&mut self, expr: &Expression) -> Expr {
        if self.depth >= MAX_DEPTH {
            return self.error(
                "Expression too deeply nested",
                &format!("expressions may nest at most {MAX_DEPTH} levels deep"),
                expr.span(),
            );
        }
        self.depth += 1;
        let out = self.expr_inner(expr);
        self.depth -= 1;
        out
    }

    fn expr_inner(&mut self, expr: &Expression) -> Expr {
        match expr {
            Expression::Null(_) => Expr::Literal(Value::null()),
            Expression::Bool(b) => Expr::Literal(Value::Bool(*b.value())),
            Expression::Number(n) => {
                // The literal's own text: from the source when known (the parser may have been
                // given a stand-in for a literal beyond f64, see `parse_body_exact`).
                let from_source = match (self.source, n.span()) {
                    (Some(src), Some(sp)) => src.get(sp.start + self.shift..sp.end + self.shift),
                    _ => None,
                };
                let owned;
                let text: &str = match (from_source, n.as_repr()) {
                    (Some(t), _) => t,
                    (None, Some(raw)) => raw,
                    (None, None) => {
                        owned = n.value().to_string();
                        &owned
                    }
                };
                let text = text.trim();
                let (negative, digits) = match text.strip_prefix('-') {
                    Some(rest) => (true, rest.trim_start()),
                    None => (false, text),
                };
                match parse_number(digits) {
                    Some(num) if negative => {
                        Expr::Unary(UnaryOp::Negate, Box::new(Expr::Literal(Value::Number(num))))
                    }
                    Some(num) => Expr::Literal(Value::Number(num)),
                    None => self.error(
                        "Invalid number literal",
                        &format!("`{text}` is not a valid number"),
                        n.span(),
                    ),
                }
            }
            Expression::String(s) => Expr::Literal(Value::String(nfc(s.value()))),
            Expression::Array(items) => Expr::Tuple(items.iter().map(|e| self.expr(e)).collect()),
            Expression::Object(obj) => Expr::Object(
                obj.iter()
                    .map(|(k, v)| {
                        let key = match k {
                            ObjectKey::Ident(id) => match original_key(id, self.source, self.shift)
                            {
                                Some((written, at)) => {
                                    let saved = std::mem::replace(&mut self.shift, at);
                                    let key = self.object_key(&written);
                                    self.shift = saved;
                                    key
                                }
                                None => {
                                    Expr::Literal(Value::String(id.value().as_str().to_string()))
                                }
                            },
                            ObjectKey::Expression(e) => self.object_key(e),
                        };
                        (key, self.expr(v.expr()))
                    })
                    .collect(),
            ),
            Expression::StringTemplate(t) => self.template_expr(t, None),
            Expression::HeredocTemplate(h) => match self.flushed_heredoc(expr.span()) {
                Some((t, shift)) => {
                    let saved = std::mem::replace(&mut self.shift, shift);
                    let out = self.template_expr(&t, None);
                    self.shift = saved;
                    out
                }
                None => self.template_expr(&h.template, h.indent()),
            },
            Expression::Parenthesis(p) => self.expr(p.inner()),
            Expression::Variable(id) => self.root(id.value().as_str(), &[], expr.span()),
            Expression::Conditional(c) => Expr::Conditional(
                Box::new(self.expr(&c.cond_expr)),
                Box::new(self.expr(&c.true_expr)),
                Box::new(self.expr(&c.false_expr)),
            ),
            Expression::FuncCall(call) => {
                if self.constant {
                    return self.error(
                        "Function calls not allowed",
                        "Functions may not be called here",
                        call.span(),
                    );
                }
                let mut name = String::new();
                for ns in &call.name.namespace {
                    name.push_str(ns.value().as_str());
                    name.push_str("::");
                }
                name.push_str(call.name.name.value().as_str());
                Expr::Call {
                    name,
                    args: call.args.iter().map(|a| self.expr(a)).collect(),
                    expand_final: call.args.expand_final(),
                }
            }
            Expression::Traversal(t) => self.traversal(&t.expr, &t.operators, expr.span()),
            Expression::UnaryOp(op) => {
                let operand = self.expr(&op.expr);
                let op = match op.operator.value() {
                    UnaryOperator::Neg => UnaryOp::Negate,
                    UnaryOperator::Not => UnaryOp::Not,
                };
                Expr::Unary(op, Box::new(operand))
            }
            Expression::BinaryOp(op) => {
                let lhs = self.expr(&op.lhs_expr);
                let rhs = self.expr(&op.rhs_expr);
                Expr::Binary(binary(*op.operator.value()), Box::new(lhs), Box::new(rhs))
            }
            Expression::ForExpr(f) => {
                let collection = self.expr(&f.intro.collection_expr);
                let key_var = f
                    .intro
                    .key_var
                    .as_ref()
                    .map(|k| k.value().as_str().to_string());
                let value_var = f.intro.value_var.value().as_str().to_string();
                let pushed = self.bind(key_var.iter().chain([&value_var]));
                let key = f.key_expr.as_ref().map(|k| self.expr(k));
                let value = self.expr(&f.value_expr);
                let condition = f.cond.as_ref().map(|c| self.expr(&c.expr));
                self.unbind(pushed);
                Expr::For(Box::new(ForExpr {
                    key_var,
                    value_var,
                    collection,
                    grouping: f.grouping && key.is_some(),
                    key,
                    value,
                    condition,
                }))
            }
        }
    }

    /// An object key written as an expression. A bare name is a literal key, keywords
    /// included (`true = 1` and `null = 2` give keys "true" and "null"), but a bare traversal
    /// such as `a.b` is ambiguous; anything else, a name in parentheses included, is evaluated.
    fn object_key(&mut self, e: &Expression) -> Expr {
        if let Some(name) = bare_name(e) {
            return Expr::Literal(Value::String(name.to_string()));
        }
        match e {
            Expression::Traversal(t)
                if matches!(t.expr, Expression::Variable(_))
                    && t.operators.iter().all(|op| static_step(op.value())) =>
            {
                self.error(
                    "Ambiguous attribute key",
                    "If this expression is intended to be a reference, wrap it in parentheses. \
                     If it's instead intended as a literal name containing periods, wrap it in \
                     quotes to create a string literal",
                    e.span(),
                )
            }
            other => self.expr(other),
        }
    }

    fn bind<'a>(&mut self, names: impl Iterator<Item = &'a String>) -> usize {
        let before = self.bound.len();
        self.bound.extend(names.cloned());
        self.bound.len() - before
    }

    fn unbind(&mut self, count: usize) {
        self.bound.truncate(self.bound.len() - count);
    }

    /// A root name followed by its traversal operators (attribute and index accesses, splats).
    fn traversal(
        &mut self,
        root: &Expression,
        ops: &[hcl_edit::Decorated<TraversalOperator>],
        span: Option<Range<usize>>,
    ) -> Expr {
        // Each step nests the lowered expression one level deeper, as parentheses would.
        let room = MAX_DEPTH.saturating_sub(self.depth);
        if ops.len() > room {
            return self.error(
                "Expression too deeply nested",
                &format!("expressions may nest at most {MAX_DEPTH} levels deep"),
                ops[room].span().or(span),
            );
        }
        if let Expression::Variable(id) = root {
            // Take the longest static prefix as the reference.
            let name = id.value().as_str();
            let prefix = ops.iter().take_while(|op| static_step(op.value())).count();
            let base = self.root(name, &ops[..prefix], span);
            return self.apply_ops(base, &ops[prefix..]);
        }
        let base = self.expr(root);
        self.apply_ops(base, ops)
    }

    /// Resolves a reference: `var.x`, `local.x`, a bound symbol, or something unknown until
    /// apply. `ops` is the static traversal after the root name.
    fn root(
        &mut self,
        name: &str,
        ops: &[hcl_edit::Decorated<TraversalOperator>],
        span: Option<Range<usize>>,
    ) -> Expr {
        if self.bound.iter().any(|b| b == name) {
            return self.apply_ops(Expr::Bound(name.to_string()), ops);
        }
        if self.constant {
            return self.error(
                "Variables not allowed",
                "Variables may not be used here",
                span,
            );
        }
        match (name, ops.first().map(|o| o.value())) {
            ("var", Some(TraversalOperator::GetAttr(attr))) => {
                let base = Expr::Variable(attr.value().as_str().to_string());
                self.apply_ops(base, &ops[1..])
            }
            ("local", Some(TraversalOperator::GetAttr(attr))) => {
                let base = Expr::Local(attr.value().as_str().to_string());
                self.apply_ops(base, &ops[1..])
            }
            ("var" | "local", _) => self.error(
                "Invalid reference",
                &format!(
                    "The \"{name}\" object cannot be accessed directly. Instead, access one of its attributes"
                ),
                span,
            ),
            _ => {
                let mut text = name.to_string();
                for op in ops {
                    match op.value() {
                        TraversalOperator::GetAttr(a) => {
                            text.push('.');
                            text.push_str(a.value().as_str());
                        }
                        TraversalOperator::LegacyIndex(i) => {
                            text.push_str(&format!(".{}", i.value()));
                        }
                        TraversalOperator::Index(e) => {
                            text.push_str(&format!("[{}]", static_key(e).unwrap_or_default()));
                        }
                        _ => {}
                    }
                }
                Expr::Unknown(text)
            }
        }
    }

    fn apply_ops(
        &mut self,
        mut base: Expr,
        ops: &[hcl_edit::Decorated<TraversalOperator>],
    ) -> Expr {
        let mut i = 0;
        while i < ops.len() {
            match ops[i].value() {
                TraversalOperator::GetAttr(a) => {
                    base = Expr::GetAttr(Box::new(base), a.value().as_str().to_string());
                }
                TraversalOperator::LegacyIndex(n) => {
                    base = Expr::Index(
                        Box::new(base),
                        Box::new(Expr::Literal(Value::Number(Number::from(*n.value())))),
                    );
                }
                TraversalOperator::Index(e) => {
                    let key = self.expr(e);
                    base = Expr::Index(Box::new(base), Box::new(key));
                }
                TraversalOperator::FullSplat(_) | TraversalOperator::AttrSplat(_) => {
                    let full = matches!(ops[i].value(), TraversalOperator::FullSplat(_));
                    // A full splat applies every following operator to each element; an
                    // attribute splat only the attribute accesses that follow it.
                    let rest = &ops[i + 1..];
                    let len = if full {
                        rest.len()
                    } else {
                        rest.iter()
                            .take_while(|op| {
                                matches!(
                                    op.value(),
                                    TraversalOperator::GetAttr(_)
                                        | TraversalOperator::LegacyIndex(_)
                                )
                            })
                            .count()
                    };
                    let pushed = self.bind([SPLAT_SYMBOL.to_string()].iter());
                    let each = self.apply_ops(Expr::Bound(SPLAT_SYMBOL.into()), &rest[..len]);
                    self.unbind(pushed);
                    base = Expr::Splat {
                        source: Box::new(base),
                        each: Box::new(each),
                        symbol: SPLAT_SYMBOL.into(),
                    };
                    i += 1 + len;
                    continue;
                }
            }
            i += 1;
        }
        base
    }
}

/// A bare name used as an object key or attribute name, keywords included: `a`, `true`,
/// `null`.
pub(crate) fn bare_name(e: &Expression) -> Option<&str> {
    match e {
        Expression::Variable(id) => Some(id.value().as_str()),
        Expression::Bool(b) => Some(if *b.value() { "true" } else { "false" }),
        Expression::Null(_) => Some("null"),
        _ => None,
    }
}

/// A step HCL keeps in a static traversal: `.name`, `.0`, `["a"]`, `[0]`.
fn static_step(op: &TraversalOperator) -> bool {
    match op {
        TraversalOperator::GetAttr(_) | TraversalOperator::LegacyIndex(_) => true,
        TraversalOperator::Index(e) => static_key(e).is_some(),
        _ => false,
    }
}

/// A literal index key: `x["a"]`, `x[0]`.
fn static_key(e: &Expression) -> Option<String> {
    match e {
        Expression::String(s) => Some(format!("{:?}", s.value().as_str())),
        Expression::Number(n) => Some(
            n.as_repr()
                .map_or_else(|| n.value().to_string(), |r| r.to_string()),
        ),
        _ => None,
    }
}

fn binary(op: BinaryOperator) -> BinaryOp {
    match op {
        BinaryOperator::Eq => BinaryOp::Eq,
        BinaryOperator::NotEq => BinaryOp::NotEq,
        BinaryOperator::LessEq => BinaryOp::LessEq,
        BinaryOperator::GreaterEq => BinaryOp::GreaterEq,
        BinaryOperator::Less => BinaryOp::Less,
        BinaryOperator::Greater => BinaryOp::Greater,
        BinaryOperator::Mod => BinaryOp::Mod,
        BinaryOperator::Mul => BinaryOp::Mul,
        BinaryOperator::Div => BinaryOp::Div,
        BinaryOperator::Plus => BinaryOp::Add,
        BinaryOperator::Minus => BinaryOp::Sub,
        BinaryOperator::And => BinaryOp::And,
        BinaryOperator::Or => BinaryOp::Or,
    }
}

/// Terraform normalises every string to NFC.
pub(crate) fn nfc(s: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    if unicode_normalization::is_nfc(s) {
        s.to_string()
    } else {
        s.nfc().collect()
    }
}
