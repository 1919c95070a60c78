//! Lowering HCL expressions (as parsed by `tfvars-hcl`) into the runtime's expression IR.
//!
//! Two modes: the full language (validation conditions, error messages, locals), and constant
//! expressions (defaults, optional-attribute defaults, `.tfvars` values), where function calls
//! and references are errors worded as Terraform words them.

use std::ops::Range;

use tfvars_hcl::{ExprKind, Step, StepKind};
use tfvars_runtime::eval::{AMBIGUOUS_KEY, AMBIGUOUS_KEY_DETAIL};
use tfvars_runtime::expr::{BinaryOp, ForExpr, UnaryOp};
use tfvars_runtime::{Expr, Number, Value};

use crate::source::SourceFile;

mod blame;
mod literal;
mod refs;
mod sites;
mod template;

pub use blame::{constant_errors, locate_constant_error, LocatedError};
pub use refs::{has_references, locals_used, variables_used};
pub(crate) use sites::start_range;
pub use template::lower_template;

/// How deeply a lowered expression may nest: as deep as the runtime evaluates (each traversal
/// step is a level), so that whatever loads can be evaluated.
pub const MAX_DEPTH: usize = tfvars_runtime::eval::MAX_DEPTH;

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

impl LowerError {
    /// The detail as Terraform writes it, ending in a full stop unless it asks a question
    /// (`Did you mean "v"?`).
    pub(crate) fn sentence(&self) -> String {
        if self.detail.ends_with(['.', '?']) {
            self.detail.clone()
        } else {
            format!("{}.", self.detail)
        }
    }
}

impl std::fmt::Display for LowerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.detail)
    }
}

impl std::error::Error for LowerError {}

/// Lowers an expression of the full language; the first problem is the error. With the file
/// the expression was parsed from, every node records its place ([`Expr::At`]), so that
/// evaluation errors point where Terraform points.
pub fn lower_expr(expr: &tfvars_hcl::Expr, file: Option<&SourceFile>) -> Result<Expr, LowerError> {
    let mut l = Lowerer::new(false);
    l.places = file;
    let out = l.expr(expr);
    match l.errors.into_iter().next() {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// Lowers a constant expression: a reference or a function call is an error where Terraform's
/// evaluation meets it, as HCL evaluates a constant without a context. One in a result a
/// conditional does not choose, or in the body of a `for` over an empty collection, is never
/// met (`true ? 1 : var.x` is 1); in the body of a `for` it is an unknown name (HCL evaluates
/// a body in a context of the `for`'s symbols alone). Every other problem is reported as found.
pub fn lower_constant(expr: &tfvars_hcl::Expr) -> Result<Expr, Vec<LowerError>> {
    let (out, errors, _) = lower_constant_reached(expr, None);
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// Why a constant expression has no value.
pub(crate) enum ConstantError {
    /// Lowering found problems (references or calls refused, among others); with the value
    /// Terraform goes on to decode when they are refusals alone ([`lower_constant_recovering`]).
    Lowering(Vec<LowerError>, Option<Value>),
    /// Evaluating it failed.
    Evaluation(tfvars_runtime::eval::EvalError),
}

/// The value of a constant expression (a default, an optional-attribute default, a `.tfvars`
/// value, a `variable` block's other arguments): one written as literals alone is read straight
/// from the syntax tree ([`literal::literal_value`]), anything else is lowered and evaluated.
pub(crate) fn evaluate_constant(expr: &tfvars_hcl::Expr) -> Result<Value, ConstantError> {
    evaluate_constant_in(expr, None)
}

/// [`evaluate_constant`] of an expression parsed from `file`: every node records its place, so
/// that an evaluation error points where Terraform points (the condition of a template's `if`,
/// a `for`'s collection, the value of an item whose key is null, each element's failure).
pub(crate) fn evaluate_constant_in(
    expr: &tfvars_hcl::Expr,
    file: Option<&SourceFile>,
) -> Result<Value, ConstantError> {
    if let Some(value) = literal::literal_value(expr) {
        return Ok(value);
    }
    match lower_constant_recovering(expr, file) {
        Ok(lowered) => {
            tfvars_runtime::eval::eval_constant(&lowered).map_err(ConstantError::Evaluation)
        }
        Err((errors, recovered)) => Err(ConstantError::Lowering(errors, recovered)),
    }
}

/// [`lower_constant`], and when its problems are refused references and calls alone, the
/// value Terraform goes on to decode after them: each refused part unknown, and so is an
/// operator or splat over one (HCL gives an operation with a failed operand an unknown result
/// of its type: `var.x || true` is an unknown bool, `-var.x` an unknown number). The value is
/// `None` when another problem stops Terraform first, or when the evaluation fails too
/// (Terraform reports that failure in words of its own). With `file`, the nodes record their
/// places in it.
fn lower_constant_recovering(
    expr: &tfvars_hcl::Expr,
    file: Option<&SourceFile>,
) -> Result<Expr, (Vec<LowerError>, Option<Value>)> {
    let (out, errors, refused_only) = lower_constant_reached(expr, file);
    if errors.is_empty() {
        return Ok(out);
    }
    let recovered = refused_only.then(|| {
        let mut l = Lowerer::new(true);
        l.unknown_operations = true;
        evaluate_with_unknowns(&l.expr(expr)).0
    });
    Err((errors, recovered.flatten()))
}

/// [`lower_constant`]'s expression, the refused parts unknown values in it, its problems, and
/// whether those are refusals alone.
fn lower_constant_reached(
    expr: &tfvars_hcl::Expr,
    file: Option<&SourceFile>,
) -> (Expr, Vec<LowerError>, bool) {
    let mut l = Lowerer::new(true);
    l.places = file;
    let out = l.expr(expr);
    // Every problem a refusal, each its own (the errors and the refusals then line up).
    if l.errors.len() > l.refusals {
        return (out, l.errors, false);
    }
    if l.refusals == 0 {
        return (out, l.errors, true);
    }
    let mut reached = reached_refusals(&out, l.refusals);
    for &i in &l.unmet {
        reached[i] = false;
    }
    let errors = l
        .errors
        .into_iter()
        .zip(reached)
        .filter_map(|(e, reached)| reached.then_some(e))
        .collect();
    (out, errors, true)
}

/// Which of a lowered constant's `count` refused parts its evaluation meets: each is an
/// unknown value whose reason names its marker ([`refusal_marker`]), and HCL's evaluation
/// keeps the reasons of what it chooses (a conditional's chosen result) and meets only what it
/// evaluates (a `for` body once per element). An evaluation error leaves the refusals met
/// before it, as HCL reports them beside it.
fn reached_refusals(expr: &Expr, count: usize) -> Vec<bool> {
    let (_, reasons) = evaluate_with_unknowns(expr);
    (0..count)
        .map(|i| {
            let marker = refusal_marker(i);
            reasons.iter().any(|r| r.contains(&marker))
        })
        .collect()
}

/// A lowered constant evaluated as Terraform goes on after refusing parts of it, those parts
/// unknown: its value (`None` when it fails), and why values came out unknown. Terraform 1.11
/// evaluates both operands of `&&` and `||`: `false && var.x` is refused there (1.12 would not
/// look at `var.x`), and a module is not taken as valid for one release when another rejects
/// it.
fn evaluate_with_unknowns(expr: &Expr) -> (Option<Value>, Vec<String>) {
    let spec = tfvars_runtime::ModuleSpec::default();
    let values = std::collections::BTreeMap::new();
    let mut scope = tfvars_runtime::eval::Scope::new(&spec, &values)
        .with_version(tfvars_runtime::TerraformVersion::V1_11);
    let value = scope.eval(expr).ok();
    (value, scope.unknown_reasons().to_vec())
}

/// The text of the unknown value standing for a constant's `i`th refused part.
fn refusal_marker(i: usize) -> String {
    format!("\u{0}refused {i}\u{0}")
}

const VARIABLES_NOT_ALLOWED: &str = "Variables not allowed";
const FUNCTIONS_NOT_ALLOWED: &str = "Function calls not allowed";
const UNKNOWN_VARIABLE: &str = "Unknown variable";

/// Parses `text` as one HCL expression and lowers it (the full language): syntax errors and
/// lowering errors alike are returned, syntax errors first.
pub fn expression_from_text(text: &str) -> Result<Expr, Vec<LowerError>> {
    let arena = tfvars_hcl::Arena::new();
    let parsed = tfvars_hcl::parse_expression(&arena, text, "<expression>");
    if !parsed.diagnostics.is_empty() {
        return Err(syntax_errors(parsed.diagnostics));
    }
    lower_expr(&parsed.value, None).map_err(|e| vec![e])
}

// The summary of a template's reference to a name that is not among its `vars`.
const TEMPLATE_KEY: &str = "vars map does not contain key";

/// Parses and lowers a template file for `templatefile`, with `names` (the keys of its
/// `vars`) as the only symbols it may use. `Err` holds Terraform's summary and detail of the
/// first problem. Fits [`tfvars_runtime::TemplateParser`].
pub fn template_file(text: &str, file: &str, names: &[String]) -> Result<Expr, (String, String)> {
    let src = crate::source::SourceFile::new(file, file, text.to_string());
    let arena = tfvars_hcl::Arena::new();
    let parsed = tfvars_hcl::parse_template(&arena, &src.text, file);
    let range = |span: Option<std::ops::Range<usize>>| src.range_text(span.unwrap_or(0..0));
    let failed = |detail: String| {
        (
            "Error in function call".to_string(),
            format!("Call to function \"templatefile\" failed: {detail}."),
        )
    };
    if let Some(d) = parsed.diagnostics.into_iter().next() {
        let at = range(Some(d.span.range()));
        return Err(failed(format!("{at}: {}; {}", d.summary, d.detail)));
    }
    let mut l = Lowerer::new(false);
    l.bound = names.to_vec();
    l.template = true;
    // Its places, for errors found when it is evaluated (`t.tpl:1,11-2,7: …`).
    l.places = Some(&src);
    let out = l.expr(&parsed.value);
    match l.errors.into_iter().next() {
        None => Ok(out),
        Some(e) if e.summary == TEMPLATE_KEY => Err((
            "Invalid function argument".to_string(),
            format!(
                "Invalid value for \"vars\" parameter: {TEMPLATE_KEY} {}, referenced at {}.",
                tfvars_runtime::value::go_quote(&e.detail),
                range(e.span)
            ),
        )),
        Some(e) => {
            let at = range(e.span.clone());
            Err(failed(format!("{at}: {}; {}", e.summary, e.detail)))
        }
    }
}

/// Syntax errors as lowering errors.
pub(crate) fn syntax_errors(diagnostics: Vec<tfvars_hcl::Diagnostic>) -> Vec<LowerError> {
    diagnostics
        .into_iter()
        .map(|d| LowerError {
            summary: d.summary,
            detail: d.detail,
            span: Some(d.span.range()),
        })
        .collect()
}

/// Parses the text of an HCL number literal exactly (never through `f64`): digits, an
/// optional fraction (`5.` included) and an optional exponent.
pub fn parse_number(text: &str) -> Option<Number> {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => text.split_at(i),
        None => (text, ""),
    };
    let (int, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let int = int.trim_start_matches('0');
    let mut json = String::with_capacity(text.len() + 1);
    json.push_str(if int.is_empty() { "0" } else { int });
    if !fraction.is_empty() {
        json.push('.');
        json.push_str(fraction);
    }
    json.push_str(exponent);
    Number::parse_json(&json)
}

pub(crate) struct Lowerer<'f> {
    constant: bool,
    depth: usize,
    bound: Vec<String>,
    // A `templatefile` template: only bound names may be referred to.
    template: bool,
    pub(crate) errors: Vec<LowerError>,
    /// In a constant, how many references and calls were refused (numbered in order for
    /// [`refusal_marker`]).
    refusals: usize,
    /// The refused parts never met however the evaluation goes (in a result of a conditional
    /// whose condition is refused), by their number.
    unmet: Vec<usize>,
    /// In a constant, whether an operator or splat over a refused part is itself unknown (see
    /// [`lower_constant_recovering`]).
    unknown_operations: bool,
    /// The file whose places the nodes record, if they record them.
    places: Option<&'f SourceFile>,
}

/// An unknown value standing for an operand that failed in a constant.
fn refused_part() -> Box<Expr> {
    Box::new(Expr::Unknown("a refused part of a constant".into()))
}

/// A placeholder for an expression that failed to lower; never returned to callers.
fn placeholder() -> Expr {
    Expr::Literal(Value::null())
}

impl<'f> Lowerer<'f> {
    pub(crate) fn new(constant: bool) -> Lowerer<'f> {
        Lowerer {
            constant,
            depth: 0,
            bound: Vec::new(),
            template: false,
            errors: Vec::new(),
            refusals: 0,
            unmet: Vec::new(),
            unknown_operations: false,
            places: None,
        }
    }

    /// Refuses a reference, a call or an ambiguous object key in a constant: the error, and an
    /// unknown value in its place.
    fn refuse(&mut self, summary: &str, detail: &str, span: tfvars_hcl::Span) -> Expr {
        let marker = refusal_marker(self.refusals);
        self.refusals += 1;
        self.error(summary, detail, span);
        Expr::Unknown(marker)
    }

    fn error(&mut self, summary: &str, detail: &str, span: tfvars_hcl::Span) -> Expr {
        self.errors.push(LowerError {
            summary: summary.into(),
            detail: detail.into(),
            span: Some(span.range()),
        });
        placeholder()
    }

    /// Whether a constant's operand read since `errors_before` problems was refused. HCL gives
    /// an operator with a failed operand an unknown result of the operator's type whatever
    /// the other operand (`var.x || true` is an unknown bool, `-var.x` an unknown number), and
    /// a splat of a failed source an unknown value: the operation is kept with its operands
    /// unknown ([`refused_part`]), for [`lower_constant_recovering`].
    fn refused_since(&self, errors_before: usize) -> bool {
        self.unknown_operations && self.errors.len() > errors_before
    }

    pub(crate) fn expr(&mut self, expr: &tfvars_hcl::Expr) -> Expr {
        if self.depth >= MAX_DEPTH {
            return self.error(
                "Expression too deeply nested",
                &format!("expressions may nest at most {MAX_DEPTH} levels deep"),
                expr.span,
            );
        }
        self.depth += 1;
        let out = self.expr_inner(expr);
        self.depth -= 1;
        match self.places {
            Some(file) => sites::place(file, out, expr),
            None => out,
        }
    }

    fn expr_inner(&mut self, expr: &tfvars_hcl::Expr) -> Expr {
        match &expr.kind {
            ExprKind::Null => Expr::Literal(Value::null()),
            ExprKind::Bool(b) => Expr::Literal(Value::Bool(*b)),
            ExprKind::Number(text) => match parse_number(text) {
                Some(n) => Expr::Literal(Value::Number(n)),
                None => self.error(
                    "Invalid number literal",
                    "Failed to recognize the value of this number literal.",
                    expr.span,
                ),
            },
            ExprKind::Template(parts) => self.template(parts),
            ExprKind::TemplateWrap(inner) | ExprKind::Parens(inner) => self.expr(inner),
            ExprKind::ScopeTraversal {
                root,
                root_span,
                steps,
            } => self.scope_traversal(root, *root_span, steps, expr.span),
            ExprKind::RelativeTraversal { source, steps } => {
                let base = self.expr(source);
                self.apply_steps(base, steps, expr.span.start)
            }
            ExprKind::Index {
                collection, key, ..
            } => {
                let collection = self.expr(collection);
                let key = self.expr(key);
                Expr::Index(Box::new(collection), Box::new(key))
            }
            ExprKind::Splat { source, each, .. } => {
                let before = self.errors.len();
                let source = self.expr(source);
                let pushed = self.bind([SPLAT_SYMBOL.to_string()]);
                let each = self.expr(each);
                self.unbind(pushed);
                if self.refused_since(before) {
                    return *refused_part();
                }
                Expr::Splat {
                    source: Box::new(source),
                    each: Box::new(each),
                    symbol: SPLAT_SYMBOL.into(),
                }
            }
            ExprKind::SplatItem => Expr::Bound(SPLAT_SYMBOL.into()),
            ExprKind::FunctionCall(call) => {
                if self.constant {
                    return self.refuse(
                        FUNCTIONS_NOT_ALLOWED,
                        "Functions may not be called here",
                        expr.span,
                    );
                }
                Expr::Call {
                    name: call.name.to_string(),
                    args: call.args.iter().map(|a| self.expr(a)).collect(),
                    expand_final: call.expand_final,
                }
            }
            ExprKind::Conditional(c) => {
                let before = self.refusals;
                let condition = self.expr(&c.condition);
                let refused_condition = self.refusals > before;
                let in_results = self.refusals;
                let then = self.expr(&c.true_result);
                let otherwise = self.expr(&c.false_result);
                // A refused condition is unknown, and HCL keeps the problems of neither
                // result then.
                if refused_condition {
                    self.unmet.extend(in_results..self.refusals);
                }
                Expr::Conditional(Box::new(condition), Box::new(then), Box::new(otherwise))
            }
            ExprKind::Binary { op, lhs, rhs, .. } => {
                let before = self.errors.len();
                let lhs = self.expr(lhs);
                let rhs = self.expr(rhs);
                if self.refused_since(before) {
                    // Of the operator's result type, as HCL gives it.
                    return Expr::Binary(binary(*op), refused_part(), refused_part());
                }
                Expr::Binary(binary(*op), Box::new(lhs), Box::new(rhs))
            }
            ExprKind::Unary { op, operand } => {
                let before = self.errors.len();
                let operand = self.expr(operand);
                let op = match op {
                    tfvars_hcl::UnaryOp::Negate => UnaryOp::Negate,
                    tfvars_hcl::UnaryOp::Not => UnaryOp::Not,
                };
                if self.refused_since(before) {
                    return Expr::Unary(op, refused_part());
                }
                Expr::Unary(op, Box::new(operand))
            }
            ExprKind::Tuple(items) => Expr::Tuple(items.iter().map(|e| self.expr(e)).collect()),
            ExprKind::Object(items) => Expr::Object(
                items
                    .iter()
                    .map(|item| {
                        let key = self.object_key(&item.key, item.parenthesized);
                        (key, self.expr(&item.value))
                    })
                    .collect(),
            ),
            ExprKind::For(f) => {
                let collection = self.expr(&f.collection);
                let key_var = f.key_var.map(str::to_string);
                let value_var = f.value_var.to_string();
                let pushed = self.bind(key_var.iter().cloned().chain([value_var.clone()]));
                let key = f.key.as_ref().map(|k| self.expr(k));
                let value = self.expr(&f.value);
                let condition = f.condition.as_ref().map(|c| self.expr(c));
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
            // What a syntax error left unread, already reported: a constant, with no
            // references, as HCL's placeholder is.
            ExprKind::Invalid => placeholder(),
        }
    }

    /// An object key: a bare name is a literal key, keywords included (`true = 1` and
    /// `null = 2` give keys "true" and "null"), but a bare traversal such as `a.b` is
    /// ambiguous; anything else, a name in parentheses included, is evaluated.
    ///
    /// HCL refuses an ambiguous key when it evaluates it, not when it parses it: where
    /// evaluation does not go (a conditional's other result, `try`'s failed argument, the body
    /// of a `for` over an empty collection), the key is never refused. In a constant it is
    /// refused like a reference, where evaluation meets it; elsewhere it lowers to
    /// [`Expr::AmbiguousKey`], which keeps the traversal for the reference checks.
    fn object_key(&mut self, key: &tfvars_hcl::Expr, parenthesized: bool) -> Expr {
        if !parenthesized {
            if let Some(name) = bare_name(key) {
                return Expr::Literal(Value::String(name.to_string()));
            }
            if matches!(&key.kind, ExprKind::ScopeTraversal { steps, .. } if !steps.is_empty()) {
                if self.constant {
                    return self.refuse(AMBIGUOUS_KEY, AMBIGUOUS_KEY_DETAIL, key.span);
                }
                let ambiguous = Expr::AmbiguousKey(Box::new(self.expr(key)));
                return match self.places {
                    Some(file) => sites::place(file, ambiguous, key),
                    None => ambiguous,
                };
            }
        }
        self.expr(key)
    }

    fn bind(&mut self, names: impl IntoIterator<Item = String>) -> usize {
        let before = self.bound.len();
        self.bound.extend(names);
        self.bound.len() - before
    }

    fn unbind(&mut self, count: usize) {
        self.bound.truncate(self.bound.len() - count);
    }

    /// A name and its static steps: `var.x`, `local.x`, a bound symbol, or something unknown
    /// until apply.
    fn scope_traversal(
        &mut self,
        name: &str,
        root_span: tfvars_hcl::Span,
        steps: &[Step<'_>],
        span: tfvars_hcl::Span,
    ) -> Expr {
        if self.bound.iter().any(|b| b == name) {
            return self.apply_steps(Expr::Bound(name.to_string()), steps, span.start);
        }
        if self.constant {
            // Inside a `for`, HCL evaluates in a context holding the `for`'s symbols alone.
            let symbols: Vec<&str> = self
                .bound
                .iter()
                .rev()
                .map(String::as_str)
                .filter(|b| *b != SPLAT_SYMBOL)
                .collect();
            if symbols.is_empty() {
                // HCL points at the root name (`var` of `var.x`).
                return self.refuse(
                    VARIABLES_NOT_ALLOWED,
                    "Variables may not be used here",
                    root_span,
                );
            }
            let detail = match tfvars_hcl::name_suggestion(name, symbols) {
                Some(near) => {
                    format!("There is no variable named \"{name}\". Did you mean \"{near}\"?")
                }
                None => format!("There is no variable named \"{name}\""),
            };
            return self.refuse(UNKNOWN_VARIABLE, &detail, root_span);
        }
        if self.template {
            return self.error(TEMPLATE_KEY, name, root_span);
        }
        match (name, steps.first().map(|s| &s.kind)) {
            ("var", Some(StepKind::Attr(attr))) => {
                self.apply_steps(Expr::Variable(attr.to_string()), &steps[1..], span.start)
            }
            ("local", Some(StepKind::Attr(attr))) => {
                self.apply_steps(Expr::Local(attr.to_string()), &steps[1..], span.start)
            }
            ("var" | "local", _) => self.error(
                "Invalid reference",
                &format!(
                    "The \"{name}\" object cannot be accessed directly. Instead, access one of \
                     its attributes"
                ),
                root_span.to(span),
            ),
            _ => {
                let mut text = name.to_string();
                for step in steps {
                    match &step.kind {
                        StepKind::Attr(a) => {
                            text.push('.');
                            text.push_str(a);
                        }
                        StepKind::LegacyIndex(i) => {
                            text.push('.');
                            text.push_str(i);
                        }
                        StepKind::Index(key) => {
                            text.push('[');
                            text.push_str(&static_key(key));
                            text.push(']');
                        }
                    }
                }
                Expr::Unknown(text)
            }
        }
    }

    /// `base` (which starts at byte `from`) with `steps` applied; each step records its place
    /// (Terraform points at the step that fails).
    fn apply_steps(&mut self, mut base: Expr, steps: &[Step<'_>], from: u32) -> Expr {
        if let Some(step) = steps.get(MAX_DEPTH.saturating_sub(self.depth)) {
            return self.error(
                "Expression too deeply nested",
                &format!("expressions may nest at most {MAX_DEPTH} levels deep"),
                step.span,
            );
        }
        for step in steps {
            base = match &step.kind {
                StepKind::Attr(a) => Expr::GetAttr(Box::new(base), a.to_string()),
                StepKind::LegacyIndex(text) => match parse_number(text) {
                    Some(n) => {
                        Expr::Index(Box::new(base), Box::new(Expr::Literal(Value::Number(n))))
                    }
                    None => self.error(
                        "Invalid legacy index syntax",
                        "When using the legacy index syntax, chaining two indexes together is \
                         not permitted",
                        step.span,
                    ),
                },
                StepKind::Index(key) => {
                    let key = self.expr(key);
                    Expr::Index(Box::new(base), Box::new(key))
                }
            };
            if let Some(file) = self.places {
                base = sites::step(file, base, from, step.span);
            }
        }
        base
    }
}

/// A bare name used as an object key or attribute name, keywords included: `a`, `true`,
/// `null`.
pub(crate) fn bare_name<'e>(e: &'e tfvars_hcl::Expr<'_>) -> Option<&'e str> {
    match &e.kind {
        ExprKind::ScopeTraversal {
            root, steps: [], ..
        } => Some(root),
        ExprKind::Bool(true) => Some("true"),
        ExprKind::Bool(false) => Some("false"),
        ExprKind::Null => Some("null"),
        _ => None,
    }
}

/// A literal index key as written in a reference's text: `"a"`, `0`.
fn static_key(e: &tfvars_hcl::Expr<'_>) -> String {
    match &e.kind {
        ExprKind::Number(n) => n.to_string(),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Null => "null".into(),
        _ => e
            .as_string_literal()
            .map(|s| format!("{s:?}"))
            .unwrap_or_default(),
    }
}

pub(crate) fn binary(op: tfvars_hcl::BinaryOp) -> BinaryOp {
    use tfvars_hcl::BinaryOp as B;
    match op {
        B::Equal => BinaryOp::Eq,
        B::NotEqual => BinaryOp::NotEq,
        B::LessEqual => BinaryOp::LessEq,
        B::GreaterEqual => BinaryOp::GreaterEq,
        B::Less => BinaryOp::Less,
        B::Greater => BinaryOp::Greater,
        B::Modulo => BinaryOp::Mod,
        B::Multiply => BinaryOp::Mul,
        B::Divide => BinaryOp::Div,
        B::Add => BinaryOp::Add,
        B::Subtract => BinaryOp::Sub,
        B::And => BinaryOp::And,
        B::Or => BinaryOp::Or,
    }
}

/// Terraform normalises every string to NFC.
pub fn nfc(s: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    // ASCII text, as most is, is in NFC already; `is_ascii` checks a word at a time.
    if s.is_ascii() || unicode_normalization::is_nfc(s) {
        s.to_string()
    } else {
        s.nfc().collect()
    }
}
