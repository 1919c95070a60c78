//! The expression IR: what a `validation` condition, an `error_message`, a `locals` entry or a
//! constant default becomes once lowered from HCL by the codegen crate.
//!
//! The IR is serialisable so that the macro can embed it in generated code: the user's binary
//! evaluates conditions without parsing HCL.

use serde::{Deserialize, Serialize};

use crate::value::Value;

/// An expression.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Expr {
    /// A literal value (`"a"`, `1`, `true`, `null`).
    Literal(Value),
    /// A string template with interpolations and directives; heredocs lower to this too.
    /// Strip markers (`~`) are already applied to the literal parts.
    Template(Vec<TemplatePart>),
    /// `[a, b, …]`
    Tuple(Vec<Expr>),
    /// `{ key = value, … }`; a bare identifier key is lowered to a string literal.
    Object(Vec<(Expr, Expr)>),
    /// `var.NAME`
    Variable(String),
    /// `local.NAME`
    Local(String),
    /// A symbol bound by an enclosing `for` expression or splat.
    Bound(String),
    /// A value only known after apply: a resource or data source attribute, a module output,
    /// `path.*`, `terraform.*`, `each`/`count`/`self`. The text says what it was.
    Unknown(String),
    /// `expr.name`
    GetAttr(Box<Expr>, String),
    /// `expr[key]`
    Index(Box<Expr>, Box<Expr>),
    /// `source[*].rest` or `source.*.rest`: `each` is evaluated for every element with the
    /// element bound to the symbol `symbol`.
    Splat {
        /// The splatted value.
        source: Box<Expr>,
        /// The traversal applied to each element.
        each: Box<Expr>,
        /// The symbol `each` refers to the element by.
        symbol: String,
    },
    /// `-x`, `!x`
    Unary(UnaryOp, Box<Expr>),
    /// `a op b`
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    /// `cond ? a : b`
    Conditional(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `name(args…)`, with `expand_final` for a trailing `...`. Provider functions keep their
    /// full `provider::NS::NAME` name.
    Call {
        /// The function name.
        name: String,
        /// The arguments.
        args: Vec<Expr>,
        /// The last argument is expanded (`f(xs...)`).
        expand_final: bool,
    },
    /// A `for` expression.
    For(Box<ForExpr>),
    /// An object key written as a bare traversal (`{ var.a = 1 }`), which HCL cannot tell from
    /// a name with a period in it. HCL parses it and refuses it once evaluated: evaluating it
    /// fails with "Ambiguous attribute key", an error `can` and `try` catch, and where
    /// evaluation does not reach (a conditional's other result, the body of a `for` over an
    /// empty collection) nothing is reported. The traversal is kept, never evaluated, because
    /// Terraform's reference checks still see it.
    AmbiguousKey(Box<Expr>),
    /// The expression with its place in the source, so that an error raised while evaluating it
    /// points where Terraform points. Lowering wraps every node of a condition, an error
    /// message and a `locals` entry; evaluation and analyses look through it ([`Expr::peel`]).
    /// The two are held in one allocation, as every node of a lowered condition has one.
    At(Box<(Expr, Site)>),
}

impl Expr {
    /// The expression without the [`Expr::At`] wrappers around it (not inside it).
    pub fn peel(&self) -> &Expr {
        let mut e = self;
        while let Expr::At(at) = e {
            e = &at.0;
        }
        e
    }

    /// The direct subexpressions (template parts flattened), in source order.
    pub fn children(&self) -> Vec<&Expr> {
        let e = self;
        fn parts<'e>(ps: &'e [TemplatePart], out: &mut Vec<&'e Expr>) {
            for p in ps {
                match p {
                    TemplatePart::Literal(_) => {}
                    TemplatePart::Interpolation(e) => out.push(e),
                    TemplatePart::If {
                        condition,
                        then,
                        otherwise,
                    } => {
                        out.push(condition);
                        parts(then, out);
                        parts(otherwise, out);
                    }
                    TemplatePart::For {
                        collection, body, ..
                    } => {
                        out.push(collection);
                        parts(body, out);
                    }
                }
            }
        }
        let mut out = Vec::new();
        match e {
            Expr::At(at) => out.push(&at.0),
            Expr::Literal(_)
            | Expr::Variable(_)
            | Expr::Local(_)
            | Expr::Bound(_)
            | Expr::Unknown(_) => {}
            Expr::AmbiguousKey(t) => out.push(t),
            Expr::Template(ps) => parts(ps, &mut out),
            Expr::Tuple(xs) => out.extend(xs),
            Expr::Object(kvs) => kvs.iter().for_each(|(k, v)| {
                out.push(k);
                out.push(v);
            }),
            Expr::GetAttr(t, _) | Expr::Unary(_, t) => out.push(t),
            Expr::Index(a, b) | Expr::Binary(_, a, b) => {
                out.push(a);
                out.push(b);
            }
            Expr::Splat { source, each, .. } => {
                out.push(source);
                out.push(each);
            }
            Expr::Conditional(c, a, b) => {
                out.push(c);
                out.push(a);
                out.push(b);
            }
            Expr::Call { args, .. } => out.extend(args),
            Expr::For(f) => {
                out.push(&f.collection);
                if let Some(k) = &f.key {
                    out.push(k);
                }
                out.push(&f.value);
                if let Some(c) = &f.condition {
                    out.push(c);
                }
            }
        }
        out
    }

    /// Where the expression is, when lowering recorded it.
    pub fn site(&self) -> Option<&Site> {
        match self {
            Expr::At(at) => Some(&at.1),
            _ => None,
        }
    }

    /// A copy without any [`Expr::At`] wrapper, at any depth: the shape analyses match on.
    pub fn without_sites(&self) -> Expr {
        self.rewritten(&mut |e| match e {
            Expr::At(at) => Some(at.0.without_sites()),
            _ => None,
        })
    }

    /// A copy with each subexpression for which `f` gives a replacement replaced, outermost
    /// first (a replacement is not visited again), template parts and `for` expressions
    /// included.
    pub fn rewritten(&self, f: &mut dyn FnMut(&Expr) -> Option<Expr>) -> Expr {
        if let Some(new) = f(self) {
            return new;
        }
        let boxed = |e: &Expr, f: &mut dyn FnMut(&Expr) -> Option<Expr>| Box::new(e.rewritten(f));
        match self {
            Expr::Literal(_)
            | Expr::Variable(_)
            | Expr::Local(_)
            | Expr::Bound(_)
            | Expr::Unknown(_) => self.clone(),
            Expr::AmbiguousKey(t) => Expr::AmbiguousKey(boxed(t, f)),
            Expr::At(at) => Expr::At(Box::new((at.0.rewritten(f), at.1))),
            Expr::Template(ps) => Expr::Template(TemplatePart::rewritten(ps, f)),
            Expr::Tuple(xs) => Expr::Tuple(xs.iter().map(|x| x.rewritten(f)).collect()),
            Expr::Object(kvs) => Expr::Object(
                kvs.iter()
                    .map(|(k, v)| (k.rewritten(f), v.rewritten(f)))
                    .collect(),
            ),
            Expr::GetAttr(t, n) => Expr::GetAttr(boxed(t, f), n.clone()),
            Expr::Index(t, k) => Expr::Index(boxed(t, f), boxed(k, f)),
            Expr::Splat {
                source,
                each,
                symbol,
            } => Expr::Splat {
                source: boxed(source, f),
                each: boxed(each, f),
                symbol: symbol.clone(),
            },
            Expr::Unary(op, x) => Expr::Unary(*op, boxed(x, f)),
            Expr::Binary(op, a, b) => Expr::Binary(*op, boxed(a, f), boxed(b, f)),
            Expr::Conditional(c, a, b) => Expr::Conditional(boxed(c, f), boxed(a, f), boxed(b, f)),
            Expr::Call {
                name,
                args,
                expand_final,
            } => Expr::Call {
                name: name.clone(),
                args: args.iter().map(|a| a.rewritten(f)).collect(),
                expand_final: *expand_final,
            },
            Expr::For(e) => Expr::For(Box::new(ForExpr {
                key_var: e.key_var.clone(),
                value_var: e.value_var.clone(),
                collection: e.collection.rewritten(f),
                key: e.key.as_ref().map(|k| k.rewritten(f)),
                value: e.value.rewritten(f),
                condition: e.condition.as_ref().map(|c| c.rewritten(f)),
                grouping: e.grouping,
            })),
        }
    }
}

/// A position in a source file: line and column from 1 (columns in characters), and the
/// byte offset from 0, as Terraform's diagnostics give them.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct SourcePos {
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub column: u32,
    /// Byte offset, from 0.
    pub byte: u32,
}

/// A range of a source file, its end exclusive.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct SourceRange {
    /// The first character.
    pub start: SourcePos,
    /// Just past the last character.
    pub end: SourcePos,
}

impl SourceRange {
    /// The range as Terraform names it in messages: `file:2,3-8` on one line, `file:2,3-4,4`
    /// across lines.
    pub fn text_in(&self, file: &str) -> String {
        let (start, end) = (self.start, self.end);
        if start.line == end.line {
            format!("{file}:{},{}-{}", start.line, start.column, end.column)
        } else {
            format!(
                "{file}:{},{}-{},{}",
                start.line, start.column, end.line, end.column
            )
        }
    }
}

/// The ranges of an expression that Terraform's errors point at (hclsyntax's `Range`,
/// `StartRange` and the range of the expression's own operation). Serialised as 18 numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Site {
    /// The whole expression.
    pub range: SourceRange,
    /// Its start: a function's name and `(`, an index's `[`, a `for` expression's opening
    /// bracket, an operator's left operand's start, …
    pub start: SourceRange,
    /// Where the expression's own operation is: a traversal step (`.name`, `[0]`), an index's
    /// brackets with the key, a call's `)`; the whole expression otherwise.
    pub operation: SourceRange,
}

impl Serialize for Site {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut flat = [0u32; 18];
        for (i, r) in [self.range, self.start, self.operation].iter().enumerate() {
            flat[i * 6..i * 6 + 6].copy_from_slice(&[
                r.start.line,
                r.start.column,
                r.start.byte,
                r.end.line,
                r.end.column,
                r.end.byte,
            ]);
        }
        flat.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Site {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Site, D::Error> {
        let flat = <[u32; 18]>::deserialize(d)?;
        let range = |i: usize| SourceRange {
            start: SourcePos {
                line: flat[i],
                column: flat[i + 1],
                byte: flat[i + 2],
            },
            end: SourcePos {
                line: flat[i + 3],
                column: flat[i + 4],
                byte: flat[i + 5],
            },
        };
        Ok(Site {
            range: range(0),
            start: range(6),
            operation: range(12),
        })
    }
}

/// `[for k, v in coll : value if cond]` or `{for k, v in coll : key => value... if cond}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ForExpr {
    /// The key (or index) symbol, when two symbols are declared.
    pub key_var: Option<String>,
    /// The value symbol.
    pub value_var: String,
    /// The collection iterated over.
    pub collection: Expr,
    /// The key expression: present for the object form.
    pub key: Option<Expr>,
    /// The value expression.
    pub value: Expr,
    /// The `if` filter.
    pub condition: Option<Expr>,
    /// `...` after the value: group values by key.
    pub grouping: bool,
}

/// A piece of a template.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TemplatePart {
    /// Literal text.
    Literal(String),
    /// `${expr}`
    Interpolation(Expr),
    /// `%{if cond}…%{else}…%{endif}`
    If {
        /// The condition.
        condition: Expr,
        /// Parts rendered when true.
        then: Vec<TemplatePart>,
        /// Parts rendered when false.
        otherwise: Vec<TemplatePart>,
    },
    /// `%{for k, v in coll}…%{endfor}`
    For {
        /// The key symbol, when two are declared.
        key_var: Option<String>,
        /// The value symbol.
        value_var: String,
        /// The collection.
        collection: Expr,
        /// The body.
        body: Vec<TemplatePart>,
    },
}

impl TemplatePart {
    /// The parts with their expressions [`Expr::rewritten`].
    fn rewritten(
        parts: &[TemplatePart],
        f: &mut dyn FnMut(&Expr) -> Option<Expr>,
    ) -> Vec<TemplatePart> {
        parts
            .iter()
            .map(|p| match p {
                TemplatePart::Literal(_) => p.clone(),
                TemplatePart::Interpolation(e) => TemplatePart::Interpolation(e.rewritten(f)),
                TemplatePart::If {
                    condition,
                    then,
                    otherwise,
                } => TemplatePart::If {
                    condition: condition.rewritten(f),
                    then: TemplatePart::rewritten(then, f),
                    otherwise: TemplatePart::rewritten(otherwise, f),
                },
                TemplatePart::For {
                    key_var,
                    value_var,
                    collection,
                    body,
                } => TemplatePart::For {
                    key_var: key_var.clone(),
                    value_var: value_var.clone(),
                    collection: collection.rewritten(f),
                    body: TemplatePart::rewritten(body, f),
                },
            })
            .collect()
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnaryOp {
    /// `-x`
    Negate,
    /// `!x`
    Not,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinaryOp {
    /// `==`
    Eq,
    /// `!=`
    NotEq,
    /// `<`
    Less,
    /// `<=`
    LessEq,
    /// `>`
    Greater,
    /// `>=`
    GreaterEq,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `&&`
    And,
    /// `||`
    Or,
}
