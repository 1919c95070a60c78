//! Type constraints: `string`, `list(object({a = optional(number, 1)}))`, … parsed from the
//! expression of a `type` argument, with Terraform's errors.

use std::ops::Range;
use std::sync::Arc;

use tfvars_hcl::{Expr as Expression, ExprKind, FunctionCall as FuncCall, Span};
use tfvars_runtime::{Attribute, Type, Value};

use crate::lower::{bare_name, constant_errors, evaluate_constant_in, ConstantError, LowerError};
use crate::source::SourceFile;
use crate::text_hash::{TextMap, TextSet};

const INVALID: &str = "Invalid type specification";

/// Parses the expression of a variable's `type` argument. Every problem is reported.
///
/// At the top level only, bare `list` and `map` mean `list(any)` and `map(any)`, and a quoted
/// type is rejected as Terraform 0.11 syntax.
pub fn parse_type_constraint(expr: &Expression) -> Result<Type, Vec<LowerError>> {
    parse_type_constraint_in(expr, None)
}

/// Parses `text` as a type constraint expression (`list(object({ a = string }))`): syntax
/// errors and type errors alike are returned.
pub fn type_from_text(text: &str) -> Result<Type, Vec<LowerError>> {
    let source = SourceFile::new("<type>", "<type>", text.to_string());
    let arena = tfvars_hcl::Arena::new();
    let parsed = tfvars_hcl::parse_expression(&arena, &source.text, "<type>");
    if !parsed.diagnostics.is_empty() {
        return Err(crate::lower::syntax_errors(parsed.diagnostics));
    }
    parse_type_constraint_in(&parsed.value, Some(&source))
}

/// [`parse_type_constraint`], given the source the expression's spans point into (which lets
/// repeated optional-attribute defaults be converted once, and places their evaluation errors
/// as Terraform does).
pub fn parse_type_constraint_in(
    expr: &Expression,
    source: Option<&SourceFile>,
) -> Result<Type, Vec<LowerError>> {
    parse_type_constraint_cached(expr, source, &mut ConstraintCache::default())
}

/// What the type constraints of one source text have already worked out, by text: a type
/// constraint is a constant, whose meaning depends on its text alone.
///
/// - `converted`: optional-attribute defaults, by the default's text, then by the attribute
///   type. A module writes the same few again and again (`true`, `3`, `[80, 443]`,
///   `{ team = "a" }`). Only defaults that converted are kept, so that every failing one is
///   reported where it is, and only those of small types (see `worth_caching`).
/// - `types`: constructor calls of at least `SHARED_TYPE_TEXT` bytes that parsed without a
///   problem, with their height. A module that writes the same object type twice (a setting
///   shared by two variables, or an inner object repeated in an outer one) gets one shared
///   type: parsed, its defaults converted and its plain form worked out once, and held once.
///
/// - `names`: attribute names, each held once however many object types name it (`name`,
///   `enabled`, `tags` come back in every object of a module).
/// - `collections`: `list`, `set` and `map` of a primitive type or `any` (`map(string)`,
///   `list(number)`), each built once; most collection types a module writes are these.
///
/// The texts are the module's own, so the tables use the crate's cheap text hash (`text_hash`).
#[derive(Default)]
pub(crate) struct ConstraintCache<'s> {
    converted: TextMap<&'s str, Vec<(Type, Option<Value>)>>,
    types: TextMap<Sampled<'s>, (Type, usize)>,
    names: TextSet<Arc<str>>,
    collections: [Option<Type>; 12],
}

impl ConstraintCache<'_> {
    /// The attribute name `name`, shared with the object types read before that named it.
    fn name(&mut self, name: &str) -> Arc<str> {
        if let Some(held) = self.names.get(name) {
            return held.clone();
        }
        let held: Arc<str> = name.into();
        self.names.insert(held.clone());
        held
    }

    /// `constructor(element)` for `list`, `set` or `map` and a primitive type or `any`,
    /// shared with the same type read before; `None` for another element type.
    fn collection(&mut self, constructor: &str, element: &str) -> Option<Type> {
        let (row, build): (usize, fn(Type) -> Type) = match constructor {
            "list" => (0, Type::list),
            "set" => (1, Type::set),
            "map" => (2, Type::map),
            _ => return None,
        };
        let (column, element) = match element {
            "string" => (0, Type::String),
            "number" => (1, Type::Number),
            "bool" => (2, Type::Bool),
            "any" => (3, Type::Any),
            _ => return None,
        };
        Some(
            self.collections[row * 4 + column]
                .get_or_insert_with(|| build(element))
                .clone(),
        )
    }
}

/// A long text as a table key that hashes only its length and its two ends: a type's text is
/// hundreds of bytes, mostly in its middle, and two different texts alike at both ends are
/// told apart by the whole-text comparison that follows a hash match.
#[derive(PartialEq, Eq)]
struct Sampled<'s>(&'s str);

impl std::hash::Hash for Sampled<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        const END: usize = 32;
        let bytes = self.0.as_bytes();
        state.write_usize(bytes.len());
        state.write(&bytes[..END.min(bytes.len())]);
        state.write(&bytes[bytes.len().saturating_sub(END)..]);
    }
}

/// The shortest constructor call text worth a lookup: shorter ones (`list(string)`,
/// `map(object({a = string}))`) cost less to parse again than to hash and look up.
const SHARED_TYPE_TEXT: usize = 48;

/// [`parse_type_constraint_in`], reusing the types and defaults `cache` holds for `source`.
pub(crate) fn parse_type_constraint_cached<'s>(
    expr: &Expression,
    source: Option<&'s SourceFile>,
    cache: &mut ConstraintCache<'s>,
) -> Result<Type, Vec<LowerError>> {
    let mut p = TypeParser {
        errors: Vec::new(),
        source,
        cache,
        deepest: 0,
    };
    let ty = match expr.as_string_literal() {
        Some(s) => {
            p.err(
                "Invalid quoted type constraints",
                &format!(
                    "Terraform 0.11 and earlier required type constraints to be given in quotes, \
                     but that form is now deprecated and will be removed in a future version of \
                     Terraform. Remove the quotes around \"{s}\"."
                ),
                span(expr.span),
            );
            Type::Any
        }
        _ => match keyword(expr) {
            Some("list") => Type::list(Type::Any),
            Some("map") => Type::map(Type::Any),
            _ => p.ty(expr, 0),
        },
    };
    if p.errors.is_empty() {
        Ok(ty)
    } else {
        Err(p.errors)
    }
}

/// Whether a default of type `ty` is cheaper to copy than to convert again: the type has at
/// most a few nodes.
fn worth_caching(ty: &Type) -> bool {
    fn nodes(ty: &Type, budget: &mut usize) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        match ty {
            Type::String | Type::Number | Type::Bool | Type::Any => true,
            Type::List(t) | Type::Set(t) | Type::Map(t) => nodes(t, budget),
            Type::Tuple(ts) => ts.iter().all(|t| nodes(t, budget)),
            Type::Object(attrs) => attrs.iter().all(|a| nodes(&a.ty, budget)),
        }
    }
    nodes(ty, &mut 8)
}

/// The deepest type nesting accepted.
const MAX_TYPE_DEPTH: usize = 128;

struct TypeParser<'s, 'c> {
    errors: Vec<LowerError>,
    source: Option<&'s SourceFile>,
    cache: &'c mut ConstraintCache<'s>,
    /// The deepest nesting read so far: each element type and attribute type is read one
    /// level deeper than its constructor, so a type read at `depth` nests `deepest - depth`
    /// levels below its own.
    deepest: usize,
}

/// `string` written as a bare word.
fn keyword<'e>(expr: &'e Expression) -> Option<&'e str> {
    match &expr.kind {
        ExprKind::ScopeTraversal {
            root, steps: [], ..
        } => Some(root),
        _ => None,
    }
}

/// `name(args)` without a namespace.
fn call<'e, 's>(expr: &'e Expression<'s>) -> Option<&'e FuncCall<'s>> {
    match &expr.kind {
        // Namespaced names are joined with `::`; a name without one has no colon at all.
        ExprKind::FunctionCall(c) if !c.name.contains(':') => Some(c),
        _ => None,
    }
}

fn span(s: Span) -> Option<Range<usize>> {
    Some(s.range())
}

impl TypeParser<'_, '_> {
    fn err(&mut self, summary: &str, detail: &str, span: Option<Range<usize>>) {
        self.errors.push(LowerError {
            summary: summary.into(),
            detail: detail.into(),
            span,
        });
    }

    fn invalid(&mut self, detail: &str, span: Option<Range<usize>>) -> Type {
        self.err(INVALID, detail, span);
        Type::Any
    }

    /// The type `expr` writes, at nesting `depth`; a long constructor call already read
    /// elsewhere in the source is shared (see [`ConstraintCache`]).
    fn ty(&mut self, expr: &Expression, depth: usize) -> Type {
        let text = match (&expr.kind, self.source) {
            (ExprKind::FunctionCall(_), Some(source)) => source
                .text
                .get(expr.span.range())
                .filter(|t| t.len() >= SHARED_TYPE_TEXT),
            _ => None,
        };
        let Some(text) = text else {
            return self.read_ty(expr, depth);
        };
        if let Some((ty, height)) = self.cache.types.get(&Sampled(text)) {
            // Read deeper, the same text may nest too deep: then it is read again, to say so.
            if depth + height <= MAX_TYPE_DEPTH {
                self.deepest = self.deepest.max(depth + height);
                return ty.clone();
            }
        }
        let errors = self.errors.len();
        let outer = std::mem::replace(&mut self.deepest, depth);
        let ty = self.read_ty(expr, depth);
        let height = self.deepest - depth;
        self.deepest = self.deepest.max(outer);
        if self.errors.len() == errors {
            self.cache.types.insert(Sampled(text), (ty.clone(), height));
        }
        ty
    }

    /// [`Self::ty`], read from the expression.
    fn read_ty(&mut self, expr: &Expression, depth: usize) -> Type {
        self.deepest = self.deepest.max(depth);
        if depth > MAX_TYPE_DEPTH {
            return self.invalid(
                &format!("Type constraints may nest at most {MAX_TYPE_DEPTH} levels deep."),
                span(expr.span),
            );
        }
        if let Some(kw) = keyword(expr) {
            return match kw {
                "string" => Type::String,
                "number" => Type::Number,
                "bool" => Type::Bool,
                "any" => Type::Any,
                "list" | "map" | "set" => self.invalid(
                    &format!(
                        "The {kw} type constructor requires one argument specifying the element type."
                    ),
                    span(expr.span),
                ),
                "object" => self.invalid(
                    "The object type constructor requires one argument specifying the attribute types as a map.",
                    span(expr.span),
                ),
                "tuple" => self.invalid(
                    "The tuple type constructor requires one argument specifying the element types as a list.",
                    span(expr.span),
                ),
                "optional" => self.optional_misplaced(span(expr.span)),
                other => self.invalid(
                    &format!("The keyword \"{other}\" is not a valid type specification."),
                    span(expr.span),
                ),
            };
        }
        let Some(c) = call(expr) else {
            return self.invalid(
                "A type specification is either a primitive type keyword (bool, number, string) \
                 or a complex type constructor call, like list(string).",
                span(expr.span),
            );
        };
        let name: &str = c.name;
        let args = &c.args;
        match name {
            "bool" | "string" | "number" => {
                return self.invalid(
                    &format!("Primitive type keyword \"{name}\" does not expect arguments."),
                    args_span(c),
                )
            }
            "any" => {
                return self.invalid(
                    &format!("Type constraint keyword \"{name}\" does not expect arguments."),
                    args_span(c),
                )
            }
            "optional" => return self.optional_misplaced(span(expr.span)),
            "list" | "set" | "map" | "object" | "tuple" => {}
            other => {
                return self.invalid(
                    &format!("Keyword \"{other}\" is not a valid type constructor."),
                    span(expr.span),
                )
            }
        }
        if args.len() != 1 {
            // Terraform points at the extra arguments, or at the empty `()`.
            let span = match args.get(1) {
                Some(extra) => span(extra.span),
                None => args_span(c),
            };
            let detail = match name {
                "object" => "The object type constructor requires one argument specifying the attribute types as a map.".to_string(),
                "tuple" => "The tuple type constructor requires one argument specifying the element types as a list.".to_string(),
                _ => format!("The {name} type constructor requires one argument specifying the element type."),
            };
            return self.invalid(&detail, span);
        }
        let Some(arg) = args.first() else {
            unreachable!("one argument, checked above")
        };
        if depth < MAX_TYPE_DEPTH {
            if let Some(shared) = keyword(arg).and_then(|kw| self.cache.collection(name, kw)) {
                self.deepest = self.deepest.max(depth + 1);
                return shared;
            }
        }
        match name {
            "list" => Type::list(self.ty(arg, depth + 1)),
            "set" => Type::set(self.ty(arg, depth + 1)),
            "map" => Type::map(self.ty(arg, depth + 1)),
            "tuple" => match &arg.kind {
                ExprKind::Tuple(items) => {
                    Type::Tuple(items.iter().map(|e| self.ty(e, depth + 1)).collect())
                }
                _ => self.invalid(
                    "Tuple type constructor requires a list of element types.",
                    span(arg.span),
                ),
            },
            _ => self.object(arg, depth),
        }
    }

    fn optional_misplaced(&mut self, span: Option<Range<usize>>) -> Type {
        self.invalid(
            "Keyword \"optional\" is valid only as a modifier for object type attributes.",
            span,
        )
    }

    fn object(&mut self, arg: &Expression, depth: usize) -> Type {
        let ExprKind::Object(items) = &arg.kind else {
            return self.invalid(
                "Object type constructor requires a map whose keys are attribute names and whose \
                 values are the corresponding attribute types.",
                span(arg.span),
            );
        };
        let mut attrs: Vec<Attribute> = Vec::with_capacity(items.len());
        for item in *items {
            let name = match bare_name(&item.key).filter(|_| !item.parenthesized) {
                Some(name) => self.cache.name(name),
                None => {
                    self.invalid(
                        "Object constructor map keys must be attribute names.",
                        span(item.key.span),
                    );
                    continue;
                }
            };
            let mut ty_expr = &item.value;
            let mut optional = false;
            let mut default_expr = None;
            if let Some(c) = call(ty_expr).filter(|c| c.name == "optional") {
                optional = true;
                let args = &c.args;
                match args.len() {
                    0 => {
                        self.invalid(
                            "Optional attribute modifier requires the attribute type as its argument.",
                            args_span(c),
                        );
                        continue;
                    }
                    1 | 2 => {
                        default_expr = args.get(1);
                        ty_expr = args.first().unwrap_or(ty_expr);
                    }
                    _ => {
                        self.invalid(
                            "Optional attribute modifier expects at most two arguments: the \
                             attribute type, and a default value.",
                            args_span(c),
                        );
                        continue;
                    }
                }
            }
            let ty = self.ty(ty_expr, depth + 1);
            let default = default_expr.and_then(|d| self.optional_default(d, &ty));
            // Names are held once per text (`ConstraintCache::name`): the same text is the same
            // allocation.
            if attrs.iter().any(|a| Arc::ptr_eq(&a.name, &name)) {
                self.invalid(
                    "Object constructor map keys must be unique.",
                    span(item.key.span),
                );
                continue;
            }
            attrs.push(Attribute {
                name,
                ty,
                optional,
                default,
            });
        }
        Type::object(attrs)
    }

    /// The second argument of `optional(T, default)`: a constant, converted to `T`.
    /// `null` means no default.
    fn optional_default(&mut self, expr: &Expression, ty: &Type) -> Option<Value> {
        // A deep type costs as much to copy into the cache, and a default of it as much to
        // copy out, as the conversion itself.
        let text = self
            .source
            .and_then(|source| source.text.get(expr.span.range()))
            .filter(|_| worth_caching(ty));
        let found = text
            .and_then(|t| self.cache.converted.get(t))
            .and_then(|seen| seen.iter().find(|(t, _)| t == ty));
        if let Some((_, value)) = found {
            return value.clone();
        }
        let errors = self.errors.len();
        let out = self.convert_default(expr, ty);
        if let (Some(text), true) = (text, self.errors.len() == errors) {
            self.cache
                .converted
                .entry(text)
                .or_default()
                .push((ty.clone(), out.clone()));
        }
        out
    }

    /// [`Self::optional_default`], worked out.
    fn convert_default(&mut self, expr: &Expression, ty: &Type) -> Option<Value> {
        let value = match evaluate_constant_in(expr, self.source) {
            Ok(v) => v,
            Err(ConstantError::Lowering(errs, _)) => {
                self.errors.extend(errs);
                return None;
            }
            Err(ConstantError::Evaluation(err)) => {
                for located in constant_errors(expr, err) {
                    self.err(&located.summary, &located.detail, located.span);
                }
                return None;
            }
        };
        match crate::loader::convert_value(value, ty) {
            Ok(v) if v.is_null() => None,
            Ok(v) => Some(v),
            Err(detail) => {
                self.err(
                    "Invalid default value for optional attribute",
                    &format!(
                        "This default value is not compatible with the attribute's type \
                         constraint: {detail}."
                    ),
                    span(expr.span),
                );
                None
            }
        }
    }
}

/// A call's `(…)`, where Terraform points for argument-count problems.
fn args_span(c: &FuncCall) -> Option<Range<usize>> {
    span(c.open_paren.to(c.close_paren))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `type` expressions of a body, in order.
    fn types<'b, 's>(body: &'b tfvars_hcl::Body<'s>) -> Vec<&'b Expression<'s>> {
        body.blocks()
            .flat_map(|b| b.body.attributes())
            .filter(|a| a.name == "type")
            .map(|a| &a.expr)
            .collect()
    }

    fn parse<'s>(arena: &'s tfvars_hcl::Arena, text: &'s str) -> tfvars_hcl::Body<'s> {
        let parsed = tfvars_hcl::parse_body(arena, text, "main.tf");
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        parsed.value
    }

    #[test]
    fn repeated_defaults_read_through_the_cache_match_a_fresh_read() {
        let text = r#"
variable "a" {
  type = object({ on = optional(bool, true), n = optional(number, 3), s = optional(string, "x") })
}
variable "b" {
  type = list(object({ on = optional(bool, true), n = optional(number, 3), t = optional(string, 3) }))
}
variable "c" {
  type = object({ n = optional(string, 3), m = optional(number, 3.50), k = optional(bool, null) })
}
variable "d" {
  type = object({ p = optional(set(number), [80, 443]), l = optional(map(string), { t = 1 }) })
}
variable "e" {
  type = object({ p = optional(list(string), [80, 443]), l = optional(map(string), { t = 1 }) })
}
"#;
        let arena = tfvars_hcl::Arena::new();
        let source = SourceFile::new("main.tf", "main.tf", text.to_string());
        let body = parse(&arena, &source.text);
        let mut cache = ConstraintCache::default();
        for e in types(&body) {
            let cached = parse_type_constraint_cached(e, Some(&source), &mut cache).unwrap();
            let fresh = parse_type_constraint_in(e, Some(&source)).unwrap();
            assert_eq!(cached, fresh);
        }
        // `3` as a number and as a string are kept apart.
        let c = parse_type_constraint_cached(types(&body)[2], Some(&source), &mut cache).unwrap();
        let Type::Object(attrs) = c else {
            panic!("an object type")
        };
        assert_eq!(attrs[0].default, Some(Value::String("3".into())));
        assert!(matches!(attrs[1].default, Some(Value::Number(_))));
        assert_eq!(attrs[2].default, None);
        // `[80, 443]` as a set of numbers and as a list of strings are kept apart too.
        let e = parse_type_constraint_cached(types(&body)[4], Some(&source), &mut cache).unwrap();
        let Type::Object(attrs) = e else {
            panic!("an object type")
        };
        let Some(Value::List(_, items)) = &attrs[0].default else {
            panic!("a list default: {:?}", attrs[0].default)
        };
        assert_eq!(items[0], Value::String("80".into()));
    }

    #[test]
    fn a_default_that_fails_is_reported_every_time() {
        let text = r#"
variable "a" {
  type = object({ on = optional(bool, "maybe") })
}
variable "b" {
  type = object({ on = optional(bool, "maybe") })
}
"#;
        let arena = tfvars_hcl::Arena::new();
        let source = SourceFile::new("main.tf", "main.tf", text.to_string());
        let body = parse(&arena, &source.text);
        let mut cache = ConstraintCache::default();
        let spans: Vec<_> = types(&body)
            .into_iter()
            .map(|e| {
                let errs = parse_type_constraint_cached(e, Some(&source), &mut cache).unwrap_err();
                assert_eq!(errs.len(), 1);
                assert_eq!(
                    errs[0].summary,
                    "Invalid default value for optional attribute"
                );
                errs[0].span.clone()
            })
            .collect();
        assert_ne!(spans[0], spans[1]);
    }

    /// The outcome of reading `expr` through `cache` and afresh: equal types, or the same
    /// problems at the same places.
    fn same_through_cache<'s>(
        expr: &Expression,
        source: &'s SourceFile,
        cache: &mut ConstraintCache<'s>,
    ) {
        let cached = parse_type_constraint_cached(expr, Some(source), cache);
        let fresh = parse_type_constraint_in(expr, Some(source));
        match (cached, fresh) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(a), Err(b)) => {
                let key = |e: &LowerError| (e.summary.clone(), e.detail.clone(), e.span.clone());
                assert_eq!(
                    a.iter().map(key).collect::<Vec<_>>(),
                    b.iter().map(key).collect::<Vec<_>>()
                );
            }
            (a, b) => panic!("through the cache {a:?}, afresh {b:?}"),
        }
    }

    #[test]
    fn a_long_type_written_again_reads_as_afresh_at_any_depth() {
        let inner = "object({ a = optional(object({ b = optional(object({ c = optional(string) }), {}) }), {}), pad = optional(string, \"p\") })";
        let bad =
            "object({ a = optional(object({ b = optional(number, \"no\") }), {}), pad = string })";
        let mut text = String::new();
        for ty in [inner, bad, inner, bad] {
            text.push_str(&format!("variable \"v\" {{\n  type = {ty}\n}}\n"));
        }
        // The same text nested ever deeper, across the deepest nesting allowed.
        for depth in 100..=130 {
            let wrapped = format!("{}{inner}{}", "list(".repeat(depth), ")".repeat(depth));
            text.push_str(&format!("variable \"v\" {{\n  type = {wrapped}\n}}\n"));
        }
        let arena = tfvars_hcl::Arena::new();
        let source = SourceFile::new("main.tf", "main.tf", text.clone());
        let body = parse(&arena, &source.text);
        let mut cache = ConstraintCache::default();
        let exprs = types(&body);
        for e in &exprs {
            same_through_cache(e, &source, &mut cache);
        }
        assert!(parse_type_constraint_in(exprs[1], Some(&source)).is_err());
        let deep: Vec<bool> = exprs[4..]
            .iter()
            .map(|e| parse_type_constraint_in(e, Some(&source)).is_ok())
            .collect();
        assert!(
            deep.first() == Some(&true) && deep.last() == Some(&false),
            "{deep:?}"
        );
    }
}
