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
