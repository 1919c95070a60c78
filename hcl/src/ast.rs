//! The syntax tree: bodies, blocks, attributes and expressions, each with its span.
//!
//! Names and literal text borrow from the parsed source where they can. The shapes follow
//! hclsyntax's: a name followed by static steps (`var.x.y`, `a[0]`, `a["k"]`) is one
//! [`ExprKind::ScopeTraversal`]; an index by anything else is an [`ExprKind::Index`]; a splat
//! applies its [`ExprKind::SplatItem`]-rooted traversal to each element. Strip markers
//! (`~`) and `<<-` indentation are already applied to template literals.
//!
//! The nodes live in an [`Arena`](crate::Arena): they are references and slices into it (or into
//! the source), so a tree is built without one allocation per node and freed at once, with the
//! arena.

use crate::span::Span;

/// A body: the attributes and blocks of a file or of a block, in source order. An attribute
/// set twice keeps its first definition (the second is reported).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body<'s> {
    /// The attributes and blocks.
    pub items: &'s [Structure<'s>],
    /// From the body's start (after `{` for a block) to its end.
    pub span: Span,
}

/// An item of a body.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Structure<'s> {
    /// `name = expression`
    Attribute(Attribute<'s>),
    /// `type "label" … { body }`
    Block(Block<'s>),
}

impl<'s> Body<'s> {
    /// The attributes, in source order.
    pub fn attributes(&self) -> impl Iterator<Item = &Attribute<'s>> {
        self.items.iter().filter_map(|i| match i {
            Structure::Attribute(a) => Some(a),
            Structure::Block(_) => None,
        })
    }

    /// The blocks, in source order.
    pub fn blocks(&self) -> impl Iterator<Item = &Block<'s>> {
        self.items.iter().filter_map(|i| match i {
            Structure::Block(b) => Some(b),
            Structure::Attribute(_) => None,
        })
    }
}

/// `name = expression`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attribute<'s> {
    /// The name.
    pub name: &'s str,
    /// Where the name is.
    pub name_span: Span,
    /// The value.
    pub expr: Expr<'s>,
    /// A syntax error was reported inside the value: it stands for what could not be read
    /// and has nothing more to check (hclsyntax evaluates it to an unknown value without a
    /// diagnostic of its own).
    pub syntax_error: bool,
    /// From the name to the end of the value.
    pub span: Span,
}

/// A block: its type, labels and body.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Block<'s> {
    /// The block type (`variable`, `locals`, …).
    pub kind: &'s str,
    /// Where the type is.
    pub kind_span: Span,
    /// The labels, quoted or bare.
    pub labels: &'s [Label<'s>],
    /// The body.
    pub body: Body<'s>,
    /// Where the `{` is (the type's span when the block has none).
    pub open_brace: Span,
    /// Where the `}` is.
    pub close_brace: Span,
}

/// A block label: `"name"` or `name`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Label<'s> {
    /// The label's value (escapes resolved).
    pub value: &'s str,
    /// Where it is, quotes included.
    pub span: Span,
}

/// An expression and where it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Expr<'s> {
    /// What it is.
    pub kind: ExprKind<'s>,
    /// Where it is.
    pub span: Span,
}

/// The kinds of expression.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ExprKind<'s> {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number literal, as written (`1`, `1.5e400`).
    Number(&'s str),
    /// A quoted string or heredoc: literal text, interpolations and directives.
    Template(&'s [TemplatePart<'s>]),
    /// A template that is one interpolation and nothing else (`"${x}"`): its value is the
    /// expression's, not a string.
    TemplateWrap(&'s Expr<'s>),
    /// A name and the static steps after it: `var.x`, `local.a[0].b`, `each.value["k"]`.
    ScopeTraversal {
        /// The root name.
        root: &'s str,
        /// Where the root name is.
        root_span: Span,
        /// The steps.
        steps: &'s [Step<'s>],
    },
    /// Static steps applied to another expression: `f(x).a`, `(x)[0]`.
    RelativeTraversal {
        /// What the steps apply to.
        source: &'s Expr<'s>,
        /// The steps.
        steps: &'s [Step<'s>],
    },
    /// `collection[key]` where the key is not a literal.
    Index {
        /// What is indexed.
        collection: &'s Expr<'s>,
        /// The key.
        key: &'s Expr<'s>,
        /// From `[` to `]`.
        bracket: Span,
    },
    /// `source[*].rest` or `source.*.rest`: `each` (rooted at a [`ExprKind::SplatItem`]) for
    /// every element of `source`.
    Splat {
        /// The collection.
        source: &'s Expr<'s>,
        /// The traversal applied to each element.
        each: &'s Expr<'s>,
        /// Where `[*]` or `.*` is.
        marker: Span,
    },
    /// The element a splat's `each` applies to.
    SplatItem,
    /// `name(args…)`.
    FunctionCall(&'s FunctionCall<'s>),
    /// `condition ? a : b`.
    Conditional(&'s Conditional<'s>),
    /// `a op b`.
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Where the operator is.
        op_span: Span,
        /// The left operand.
        lhs: &'s Expr<'s>,
        /// The right operand.
        rhs: &'s Expr<'s>,
    },
    /// `-x` or `!x`.
    Unary {
        /// The operator.
        op: UnaryOp,
        /// The operand.
        operand: &'s Expr<'s>,
    },
    /// `[a, b, …]`
    Tuple(&'s [Expr<'s>]),
    /// `{ key = value, … }`
    Object(&'s [ObjectItem<'s>]),
    /// A `for` expression.
    For(&'s ForExpr<'s>),
    /// `( expression )`
    Parens(&'s Expr<'s>),
    /// Where a syntax error was reported: stands for the expression that could not be read.
    Invalid,
}

/// A static step of a traversal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step<'s> {
    /// What it is.
    pub kind: StepKind<'s>,
    /// Where it is, from its `.` or `[` to its end.
    pub span: Span,
}

/// The kinds of static step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StepKind<'s> {
    /// `.name`
    Attr(&'s str),
    /// `[key]` with a literal key (a number, string, bool or `null`).
    Index(&'s Expr<'s>),
    /// `.0`, the legacy index form: the number as written.
    LegacyIndex(&'s str),
}

/// A function call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FunctionCall<'s> {
    /// The name, namespaces included (`provider::aws::arn_parse`).
    pub name: &'s str,
    /// Where the name is.
    pub name_span: Span,
    /// The arguments.
    pub args: &'s [Expr<'s>],
    /// The last argument ends with `...` and is expanded.
    pub expand_final: bool,
    /// Where `(` is.
    pub open_paren: Span,
    /// Where `)` is.
    pub close_paren: Span,
}

/// `condition ? true_result : false_result`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Conditional<'s> {
    /// The condition.
    pub condition: Expr<'s>,
    /// The value when true.
    pub true_result: Expr<'s>,
    /// The value when false.
    pub false_result: Expr<'s>,
}

/// An item of an object constructor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ObjectItem<'s> {
    /// The key expression; a bare name is a literal key unless `parenthesized`.
    pub key: Expr<'s>,
    /// The key was written in parentheses, which forces it to be evaluated.
    pub parenthesized: bool,
    /// The value.
    pub value: Expr<'s>,
}

/// `[for k, v in collection : value if condition]` or
/// `{for k, v in collection : key => value... if condition}`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForExpr<'s> {
    /// The key symbol, when two are declared.
    pub key_var: Option<&'s str>,
    /// The value symbol.
    pub value_var: &'s str,
    /// The collection.
    pub collection: Expr<'s>,
    /// The key expression: present when building an object.
    pub key: Option<Expr<'s>>,
    /// The value expression.
    pub value: Expr<'s>,
    /// The `if` filter.
    pub condition: Option<Expr<'s>>,
    /// `...` after the value: values are grouped by key.
    pub grouping: bool,
    /// `{` builds an object, `[` a tuple.
    pub object: bool,
}

/// A piece of a template.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TemplatePart<'s> {
    /// Literal text, with escapes resolved and strip markers and `<<-` indentation applied.
    Literal {
        /// The text.
        value: &'s str,
        /// Where it is.
        span: Span,
    },
    /// `${ expression }`
    Interpolation(Expr<'s>),
    /// `%{ if condition }…%{ else }…%{ endif }`
    If {
        /// The condition.
        condition: Expr<'s>,
        /// Parts rendered when true.
        then: &'s [TemplatePart<'s>],
        /// Parts rendered when false.
        otherwise: &'s [TemplatePart<'s>],
        /// From `%{ if` to the end of `%{ endif }`.
        span: Span,
    },
    /// `%{ for k, v in collection }…%{ endfor }`
    For {
        /// The key symbol, when two are declared.
        key_var: Option<&'s str>,
        /// The value symbol.
        value_var: &'s str,
        /// The collection.
        collection: Expr<'s>,
        /// The parts rendered for each element.
        body: &'s [TemplatePart<'s>],
        /// From `%{ for` to the end of `%{ endfor }`.
        span: Span,
    },
}

/// Binary operators, in HCL's precedence groups (lowest first: `||`; `&&`; `==` `!=`;
/// `<` `<=` `>` `>=`; `+` `-`; `*` `/` `%`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `<`
    Less,
    /// `<=`
    LessEqual,
    /// `>`
    Greater,
    /// `>=`
    GreaterEqual,
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`
    Divide,
    /// `%`
    Modulo,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-x`
    Negate,
    /// `!x`
    Not,
}

impl<'s> Expr<'s> {
    pub(crate) fn new(kind: ExprKind<'s>, span: Span) -> Expr<'s> {
        Expr { kind, span }
    }

    /// A template holding one literal and nothing else (`"text"`): its text.
    pub fn as_string_literal(&self) -> Option<&str> {
        match self.kind {
            ExprKind::Template([TemplatePart::Literal { value, .. }]) => Some(value),
            _ => None,
        }
    }
}
