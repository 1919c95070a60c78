//! Lowering HCL expressions (as parsed by hcl-edit) into the runtime's expression IR.
//!
//! Two modes: the full language (validation conditions, error messages, locals), and constant
//! expressions (defaults, optional-attribute defaults, `.tfvars` values), where function calls
//! and references are errors worded as Terraform words them.

use std::ops::Range;

use hcl_edit::expr::{BinaryOperator, Expression, ObjectKey, TraversalOperator, UnaryOperator};
use hcl_edit::template::{Directive, Element, Template};
use hcl_edit::Span;
use tfvars_runtime::expr::{BinaryOp, ForExpr, TemplatePart, UnaryOp};
use tfvars_runtime::{Expr, Number, Value};

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
    Number::parse_json(&format!("{int}{rest}"))
}

/// The variables (`var.NAME`) an expression refers to, in order of appearance, with repeats.
pub fn variables_used(expr: &Expr) -> Vec<&str> {
    let mut out = Vec::new();
    walk(expr, &mut |e| {
        if let Expr::Variable(name) = e {
            out.push(name.as_str());
        }
    });
    out
}

/// The locals (`local.NAME`) an expression refers to, in order of appearance, with repeats.
pub fn locals_used(expr: &Expr) -> Vec<&str> {
    let mut out = Vec::new();
    walk(expr, &mut |e| {
        if let Expr::Local(name) = e {
            out.push(name.as_str());
        }
    });
    out
}

/// True when the expression refers to anything at all: a variable, a local or any other
/// object (a resource, `path.module`, …).
pub fn has_references(expr: &Expr) -> bool {
    let mut found = false;
    walk(expr, &mut |e| {
        if matches!(e, Expr::Variable(_) | Expr::Local(_) | Expr::Unknown(_)) {
            found = true;
        }
    });
    found
}

fn walk<'a>(expr: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    f(expr);
    match expr {
        Expr::Literal(_)
        | Expr::Variable(_)
        | Expr::Local(_)
        | Expr::Bound(_)
        | Expr::Unknown(_) => {}
        Expr::Template(parts) => walk_parts(parts, f),
        Expr::Tuple(items) => items.iter().for_each(|e| walk(e, f)),
        Expr::Object(items) => items.iter().for_each(|(k, v)| {
            walk(k, f);
            walk(v, f);
        }),
        Expr::GetAttr(e, _) | Expr::Unary(_, e) => walk(e, f),
        Expr::Index(a, b) | Expr::Binary(_, a, b) => {
            walk(a, f);
            walk(b, f);
        }
        Expr::Splat { source, each, .. } => {
            walk(source, f);
            walk(each, f);
        }
        Expr::Conditional(a, b, c) => {
            walk(a, f);
            walk(b, f);
            walk(c, f);
        }
        Expr::Call { args, .. } => args.iter().for_each(|e| walk(e, f)),
        Expr::For(fe) => {
            walk(&fe.collection, f);
            if let Some(k) = &fe.key {
                walk(k, f);
            }
            walk(&fe.value, f);
            if let Some(c) = &fe.condition {
                walk(c, f);
            }
        }
    }
}

fn walk_parts<'a>(parts: &'a [TemplatePart], f: &mut dyn FnMut(&'a Expr)) {
    for p in parts {
        match p {
            TemplatePart::Literal(_) => {}
            TemplatePart::Interpolation(e) => walk(e, f),
            TemplatePart::If {
                condition,
                then,
                otherwise,
            } => {
                walk(condition, f);
                walk_parts(then, f);
                walk_parts(otherwise, f);
            }
            TemplatePart::For {
                collection, body, ..
            } => {
                walk(collection, f);
                walk_parts(body, f);
            }
        }
    }
}

struct Lowerer<'s> {
    constant: bool,
    /// The text spans point into, when known.
    source: Option<&'s str>,
    /// Added to spans of a re-parsed heredoc to point into `source`.
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
                let text = match n.as_repr() {
                    Some(raw) => raw.to_string(),
                    None => n.value().to_string(),
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
                            ObjectKey::Ident(id) => {
                                Expr::Literal(Value::String(id.value().as_str().to_string()))
                            }
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

    /// An object key written as an expression. A bare traversal such as `a.b` is not a key
    /// name in HCL, but a lone identifier in parentheses is evaluated as an expression.
    fn object_key(&mut self, e: &Expression) -> Expr {
        match e {
            // hcl-edit keeps `"a" = 1` as a string expression key and `a = 1` as an ident key;
            // an unparenthesised bare word other than an identifier arrives here as a variable,
            // which HCL treats as a literal key name.
            Expression::Variable(id) => Expr::Literal(Value::String(id.value().as_str().into())),
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
        if let Expression::Variable(id) = root {
            // Take the longest static prefix as the reference.
            let name = id.value().as_str();
            let prefix = ops
                .iter()
                .take_while(|op| {
                    matches!(
                        op.value(),
                        TraversalOperator::GetAttr(_) | TraversalOperator::LegacyIndex(_)
                    ) || matches!(op.value(), TraversalOperator::Index(e) if static_key(e).is_some())
                })
                .count();
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

    /// A `<<-` heredoc re-parsed from the source without hcl-edit's dedent (which only sees
    /// top-level literals), then dedented as HCL does. Also returns the span shift.
    fn flushed_heredoc(&self, span: Option<Range<usize>>) -> Option<(Template, usize)> {
        let span = span?;
        let base = span.start + self.shift;
        let text = self.source?.get(base..span.end + self.shift)?;
        let rest = text.strip_prefix("<<-")?;
        // A plain heredoc's closing marker starts its line: drop the marker's indentation
        // (never content), which keeps every offset before it.
        let nl = rest.rfind('\n')?;
        let plain = format!("<<{}\n{}", &rest[..nl], rest[nl + 1..].trim_start());
        let Ok(Expression::HeredocTemplate(h)) = hcl_edit::parser::parse_expr(&plain) else {
            return None;
        };
        let mut t = h.template;
        flush_heredoc(&mut t);
        // `<<` is one byte shorter than `<<-`: offsets past it move by one.
        Some((t, base + 1))
    }

    /// A template: a lone interpolation yields its value unchanged (HCL does not turn
    /// `"${x}"` into a string); anything else is a string template.
    fn template_expr(&mut self, t: &Template, indent: Option<usize>) -> Expr {
        if let Some(Element::Interpolation(i)) = t.as_single_element() {
            return self.expr(&i.expr);
        }
        let parts = self.template(t, false, false, indent);
        match parts.as_slice() {
            [] => Expr::Literal(Value::String(String::new())),
            [TemplatePart::Literal(s)] => Expr::Literal(Value::String(s.clone())),
            _ => Expr::Template(parts),
        }
    }

    /// Lowers the elements of a template. `trim_first`/`trim_last` come from strip markers of
    /// the directive around this template; `indent` re-applies a `<<-` heredoc's dedent to
    /// literals nested in directives (hcl-edit only dedents the top level).
    fn template(
        &mut self,
        t: &Template,
        trim_first: bool,
        trim_last: bool,
        indent: Option<usize>,
    ) -> Vec<TemplatePart> {
        let elems: Vec<&Element> = t.iter().collect();
        let mut parts = Vec::new();
        for (i, el) in elems.iter().enumerate() {
            match el {
                Element::Literal(lit) => {
                    let mut s: &str = lit.value();
                    let strip_left = if i == 0 {
                        trim_first
                    } else {
                        strip_after(elems[i - 1])
                    };
                    let strip_right = if i + 1 == elems.len() {
                        trim_last
                    } else {
                        strip_before(elems[i + 1])
                    };
                    if strip_left {
                        s = s.trim_start();
                    }
                    if strip_right {
                        s = s.trim_end();
                    }
                    if !s.is_empty() {
                        parts.push(TemplatePart::Literal(nfc(s)));
                    }
                }
                Element::Interpolation(interp) => {
                    parts.push(TemplatePart::Interpolation(self.expr(&interp.expr)));
                }
                Element::Directive(d) => {
                    if self.depth >= MAX_DEPTH {
                        self.error(
                            "Expression too deeply nested",
                            &format!("templates may nest at most {MAX_DEPTH} levels deep"),
                            None,
                        );
                        continue;
                    }
                    self.depth += 1;
                    parts.push(self.directive(d, indent));
                    self.depth -= 1;
                }
            }
        }
        parts
    }

    fn directive(&mut self, d: &Directive, indent: Option<usize>) -> TemplatePart {
        match d {
            Directive::If(d) => {
                let condition = self.expr(&d.if_expr.cond_expr);
                let then_trim_last = match &d.else_expr {
                    Some(e) => e.strip.strip_start(),
                    None => d.endif_expr.strip.strip_start(),
                };
                let then = self.template(
                    &dedented(&d.if_expr.template, indent),
                    d.if_expr.strip.strip_end(),
                    then_trim_last,
                    indent,
                );
                let otherwise = match &d.else_expr {
                    Some(e) => self.template(
                        &dedented(&e.template, indent),
                        e.strip.strip_end(),
                        d.endif_expr.strip.strip_start(),
                        indent,
                    ),
                    None => Vec::new(),
                };
                TemplatePart::If {
                    condition,
                    then,
                    otherwise,
                }
            }
            Directive::For(d) => {
                let f = &d.for_expr;
                let collection = self.expr(&f.collection_expr);
                let key_var = f.key_var.as_ref().map(|k| k.value().as_str().to_string());
                let value_var = f.value_var.value().as_str().to_string();
                let pushed = self.bind(key_var.iter().chain([&value_var]));
                let body = self.template(
                    &dedented(&f.template, indent),
                    f.strip.strip_end(),
                    d.endfor_expr.strip.strip_start(),
                    indent,
                );
                self.unbind(pushed);
                TemplatePart::For {
                    key_var,
                    value_var,
                    collection,
                    body,
                }
            }
        }
    }
}

/// Whether the element before a literal strips the literal's leading whitespace (`~}`).
fn strip_after(el: &Element) -> bool {
    match el {
        Element::Literal(_) => false,
        Element::Interpolation(i) => i.strip.strip_end(),
        Element::Directive(d) => match &**d {
            Directive::If(d) => d.endif_expr.strip.strip_end(),
            Directive::For(d) => d.endfor_expr.strip.strip_end(),
        },
    }
}

/// Whether the element after a literal strips the literal's trailing whitespace (`${~`).
fn strip_before(el: &Element) -> bool {
    match el {
        Element::Literal(_) => false,
        Element::Interpolation(i) => i.strip.strip_start(),
        Element::Directive(d) => match &**d {
            Directive::If(d) => d.if_expr.strip.strip_start(),
            Directive::For(d) => d.for_expr.strip.strip_start(),
        },
    }
}

/// HCL's flush for `<<-` heredocs: the smallest leading-whitespace count over every line that
/// starts with a literal (lines holding only whitespace and a newline do not count; a line
/// starting with `${`/`%{` counts as zero) is removed from each of those lines, at any depth.
fn flush_heredoc(t: &mut Template) {
    let mut newline = true;
    let mut min = usize::MAX;
    measure(t, &mut newline, &mut min);
    if min == 0 || min == usize::MAX {
        return;
    }
    let mut newline = true;
    trim(t, &mut newline, min);
}

fn blank(piece: &str) -> bool {
    piece.ends_with('\n') && piece.trim_start().is_empty()
}

fn leading_space(piece: &str) -> usize {
    piece
        .chars()
        .take_while(|c| c.is_whitespace() && *c != '\n')
        .count()
}

fn measure(t: &Template, newline: &mut bool, min: &mut usize) {
    for el in t.iter() {
        match el {
            Element::Literal(lit) => {
                for piece in lit.value().split_inclusive('\n') {
                    if *newline && !blank(piece) {
                        *min = (*min).min(leading_space(piece));
                    }
                    *newline = piece.ends_with('\n');
                }
            }
            Element::Interpolation(_) => marker(newline, min),
            Element::Directive(d) => match &**d {
                Directive::If(d) => {
                    marker(newline, min);
                    measure(&d.if_expr.template, newline, min);
                    if let Some(e) = &d.else_expr {
                        marker(newline, min);
                        measure(&e.template, newline, min);
                    }
                    marker(newline, min);
                }
                Directive::For(d) => {
                    marker(newline, min);
                    measure(&d.for_expr.template, newline, min);
                    marker(newline, min);
                }
            },
        }
    }
}

/// A `${…}` or `%{…}` sequence: at a line start, that line has no leading space.
fn marker(newline: &mut bool, min: &mut usize) {
    if *newline {
        *min = 0;
    }
    *newline = false;
}

fn trim(t: &mut Template, newline: &mut bool, n: usize) {
    for el in t.iter_mut() {
        match el {
            Element::Literal(lit) => {
                let mut out = String::with_capacity(lit.value().len());
                for piece in lit.value().split_inclusive('\n') {
                    if *newline && !blank(piece) {
                        let cut = piece.char_indices().nth(n).map_or(piece.len(), |(i, _)| i);
                        out.push_str(&piece[cut..]);
                    } else {
                        out.push_str(piece);
                    }
                    *newline = piece.ends_with('\n');
                }
                *lit.value_mut() = out;
            }
            Element::Interpolation(_) => *newline = false,
            Element::Directive(d) => {
                *newline = false;
                match &mut **d {
                    Directive::If(d) => {
                        trim(&mut d.if_expr.template, newline, n);
                        *newline = false;
                        if let Some(e) = &mut d.else_expr {
                            trim(&mut e.template, newline, n);
                        }
                    }
                    Directive::For(d) => trim(&mut d.for_expr.template, newline, n),
                }
                *newline = false;
            }
        }
    }
}

/// Removes up to `indent` leading spaces from each line start of the literals of a template
/// nested in a `<<-` heredoc directive.
fn dedented(t: &Template, indent: Option<usize>) -> std::borrow::Cow<'_, Template> {
    let Some(n) = indent.filter(|&n| n > 0) else {
        return std::borrow::Cow::Borrowed(t);
    };
    let mut t = t.clone();
    for el in t.iter_mut() {
        if let Element::Literal(lit) = el {
            let text: &str = lit.value();
            let mut out = String::with_capacity(text.len());
            for (i, line) in text.split_inclusive('\n').enumerate() {
                // A nested literal starts right after its directive's `}`: mid-line.
                if i == 0 {
                    out.push_str(line);
                    continue;
                }
                let strip = line.bytes().take(n).take_while(|&b| b == b' ').count();
                out.push_str(&line[strip..]);
            }
            *lit.value_mut() = out;
        }
    }
    std::borrow::Cow::Owned(t)
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
