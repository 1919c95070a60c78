//! HCL's native syntax, as Terraform reads it: a lexer, a parser and a spanned syntax tree
//! for `.tf` files, `.tfvars` files, expressions and templates.
//!
//! What is accepted, and how every rejection is worded and placed, follows hashicorp/hcl's
//! `hclsyntax` as Terraform 1.11 uses it: line breaks significant in bodies and object
//! constructors but not inside `()`, `[]`, template sequences or `for` expressions; heredocs
//! (`<<`, `<<-`, empty ones, CRLF); templates with directives and strip markers; numbers of any
//! length; Unicode identifiers; comments anywhere. The tree borrows the text it was parsed from
//! and lives in an [`Arena`] given to the parser; it holds byte spans; [`LineIndex`] turns them into lines and columns when one is shown.
//!
//! ```
//! let arena = tfvars_hcl::Arena::new();
//! let text = "variable \"region\" {\n  default = \"eu-west-1\"\n}\n";
//! let parsed = tfvars_hcl::parse_body(&arena, text, "main.tf");
//! assert!(parsed.diagnostics.is_empty());
//! let block = parsed.value.blocks().next().unwrap();
//! assert_eq!((block.kind, block.labels[0].value), ("variable", "region"));
//! ```
//!
//! Parsing never fails outright: the tree is always built (with [`ExprKind::Invalid`] where
//! something could not be read) beside the list of [`Diagnostic`]s, which is empty exactly
//! when Terraform accepts the text.

pub mod ast;
mod diagnostic;
mod invalid_tokens;
mod lexer;
mod parser;
mod span;
mod string_lit;
mod suggest;
mod token;

pub use ast::{
    Attribute, BinaryOp, Block, Body, Conditional, Expr, ExprKind, ForExpr, FunctionCall, Label,
    ObjectItem, Step, StepKind, Structure, TemplatePart, UnaryOp,
};
pub use diagnostic::Diagnostic;
pub use parser::MAX_NESTING;
pub use span::{LineIndex, Pos, Span};
pub use suggest::name_suggestion;
pub use token::{Token, TokenKind};

use lexer::Start;
use parser::Parser;

/// A syntax tree and the syntax errors found building it.
#[derive(Clone, Debug)]
pub struct Parsed<T> {
    /// The tree: complete even when there are errors.
    pub value: T,
    /// Every syntax error, lexical ones first, as Terraform reports them.
    pub diagnostics: Vec<Diagnostic>,
}

/// Where syntax trees are allocated: every node of a tree parsed with it lives until the arena is
/// dropped, and is freed with it at once. One arena can hold several trees.
#[derive(Default)]
pub struct Arena(bumpalo::Bump);

/// Bytes of syntax tree per byte of source text, with room to spare: about 3 for a typical
/// module file, at most 9 in a sample of 1,500 published ones, 8.4 for deep object types.
const TREE_BYTES_PER_TEXT_BYTE: usize = 10;

/// The most room [`Arena::for_text`] takes at once; a larger text's arena grows as needed.
const MAX_ARENA_START: usize = 64 << 20;

impl Arena {
    /// An empty arena.
    pub fn new() -> Arena {
        Arena(bumpalo::Bump::new())
    }

    /// An empty arena with room for the trees of a text of `text_len` bytes, taken in one
    /// allocation: an arena that starts small grows by doubling, a dozen allocations for a
    /// large file, each of fresh memory the system must map again on every parse. Memory not
    /// written is not touched, so the room costs address space, not pages.
    pub fn for_text(text_len: usize) -> Arena {
        let bytes = text_len
            .saturating_mul(TREE_BYTES_PER_TEXT_BYTE)
            .min(MAX_ARENA_START);
        Arena(bumpalo::Bump::with_capacity(bytes))
    }

    /// The bytes taken by the trees in the arena.
    pub fn allocated_bytes(&self) -> usize {
        self.0.allocated_bytes()
    }
}

impl std::fmt::Debug for Arena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Arena({} bytes)", self.allocated_bytes())
    }
}

/// Parses a configuration file (`.tf`, `.tfvars`): a body of attributes and blocks. `file`
/// names it in the details of some errors (`main.tf:3,1-4`).
pub fn parse_body<'s>(arena: &'s Arena, text: &'s str, file: &str) -> Parsed<ast::Body<'s>> {
    let (mut diagnostics, mut parser) = start(arena, text, file, Start::Expression);
    let body = parser.parse_body(TokenKind::Eof);
    diagnostics.extend(parser.finish());
    Parsed {
        value: body,
        diagnostics,
    }
}

/// Where a configuration file may be cut into about `parts` parts of like size, each to be
/// parsed on its own with [`parse_body_part`] (on a thread of its own): with the text's start
/// and end (`[0, …, text.len()]`), the first point after each `k/parts` of the text that
/// follows a line holding just `}` (the end of a top-level block as `terraform fmt` writes it)
/// and comes before a block's header (after blank and comment lines). A point found here is a
/// guess (the `}` may close a nested block written at the margin, or be text in a heredoc);
/// [`parse_body_part`] finds out whether it holds.
pub fn body_cuts(text: &str, parts: usize) -> Vec<usize> {
    let mut cuts = vec![0];
    for k in 1..parts {
        let mut from = (text.len() / parts * k).max(*cuts.last().expect("the start"));
        while !text.is_char_boundary(from) {
            from += 1;
        }
        let rest = &text[from..];
        let cut = rest.match_indices("\n}").find_map(|(at, _)| {
            let after = &rest[at + 2..];
            let newline = if after.starts_with('\n') {
                1
            } else if after.starts_with("\r\n") {
                2
            } else {
                return None;
            };
            let cut = at + 2 + newline;
            opens_block(&rest[cut..]).then_some(from + cut)
        });
        let Some(cut) = cut else {
            break;
        };
        cuts.push(cut);
    }
    if cuts.last() != Some(&text.len()) {
        cuts.push(text.len());
    }
    cuts.dedup();
    cuts
}

/// Whether `text`, after blank and comment lines, starts with what looks like a block's header:
/// a name, then a label or the `{` (an argument's name is followed by `=`).
fn opens_block(text: &str) -> bool {
    for line in text.lines() {
        let line = line.trim_start();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        let name_len = line
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(line.len());
        let after = line[name_len..].trim_start();
        return name_len > 0
            && line.starts_with(|c: char| c.is_ascii_alphabetic())
            && after.starts_with(|c: char| c == '"' || c == '{' || c.is_ascii_alphabetic());
    }
    false
}

/// The part `range` of a configuration file (`.tf`, `.tfvars`), parsed on its own: its
/// top-level blocks, in a body spanning its first token to the part's end. `None` when the part does not parse
/// on its own without an error: a lexical or syntax error, an argument at the top level
/// (whose duplicates are reported across the whole file), or an end that is not a line break
/// outside every bracket, string, heredoc and template; also when `range` is not a range of
/// `text` on character boundaries.
///
/// When `text` is cut into parts (`0..a`, `a..b`, …, `..text.len()`, as [`body_cuts`] gives
/// them) and every part parses on its own, the parts' items, in order, are exactly those of
/// [`parse_body`] on the whole text, which has no syntax error. When one does not, parse the
/// whole text with [`parse_body`], which reports the errors as Terraform does.
pub fn parse_body_part<'s>(
    arena: &'s Arena,
    text: &'s str,
    file: &str,
    range: std::ops::Range<usize>,
) -> Option<ast::Body<'s>> {
    text.get(range.clone())?;
    let (tokens, flagged) = lexer::lex_part(text, range)?;
    if flagged {
        return None;
    }
    let mut parser = Parser::new(&arena.0, text, file, tokens);
    let body = parser.parse_body(TokenKind::Eof);
    let clean = parser.finish().is_empty()
        && body
            .items
            .iter()
            .all(|item| matches!(item, ast::Structure::Block(_)));
    clean.then_some(body)
}

/// Parses one expression taking the whole text, as Terraform parses a `-var` or `TF_VAR_`
/// value of a complex type. Line breaks are ignored.
pub fn parse_expression<'s>(arena: &'s Arena, text: &'s str, file: &str) -> Parsed<ast::Expr<'s>> {
    let (mut diagnostics, mut parser) = start(arena, text, file, Start::Expression);
    let expr = parser.parse_whole_expression();
    diagnostics.extend(parser.finish());
    Parsed {
        value: expr,
        diagnostics,
    }
}

/// Parses a bare template: literal text with `${…}` and `%{…}` sequences (the text of a
/// `.tf.json` string, a template file).
pub fn parse_template<'s>(arena: &'s Arena, text: &'s str, file: &str) -> Parsed<ast::Expr<'s>> {
    let (mut diagnostics, mut parser) = start(arena, text, file, Start::Template);
    let expr = parser.parse_bare_template();
    diagnostics.extend(parser.finish());
    Parsed {
        value: expr,
        diagnostics,
    }
}

/// The tokens of `text` read as a configuration file or expression, ending with
/// [`TokenKind::Eof`].
pub fn tokens(text: &str) -> Vec<Token> {
    lexer::lex(text, Start::Expression)
}

/// The first of `replaced` that lies outside every comment of `text`, a configuration file
/// read from bytes that are not all UTF-8 with each bad sequence replaced by U+FFFD at the
/// offsets `replaced` (ascending). hclsyntax takes any bytes inside a comment and refuses them
/// everywhere else ("Invalid character encoding"): the first one outside a comment is where
/// Terraform reports the file, and with none the file reads as if they were not there.
pub fn misencoded_outside_comments(text: &str, replaced: &[usize]) -> Option<usize> {
    if replaced.is_empty() {
        return None;
    }
    let tokens = tokens(text);
    let mut comments = tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Comment)
        .map(|t| t.span.range())
        .peekable();
    replaced.iter().copied().find(|&at| {
        while comments.next_if(|c| c.end <= at).is_some() {}
        !comments.peek().is_some_and(|c| c.contains(&at))
    })
}

/// Whether `name` is one identifier (HCL's `ValidIdentifier`): a letter or `_`, then letters,
/// digits, `_` and `-`.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c == '_' || lexer::is_id_start(c) => {}
        _ => return false,
    }
    chars.all(|c| c == '-' || lexer::is_id_continue(c))
}

fn start<'s>(
    arena: &'s Arena,
    text: &'s str,
    file: &str,
    mode: Start,
) -> (Vec<Diagnostic>, Parser<'s>) {
    let (tokens, flagged) = lexer::lex_flagged(text, mode);
    // The lexer flags every token the check reports on: without one, it has nothing to say.
    debug_assert!(flagged || invalid_tokens::check(text, &tokens).is_empty());
    let diagnostics = if flagged {
        invalid_tokens::check(text, &tokens)
    } else {
        Vec::new()
    };
    (diagnostics, Parser::new(&arena.0, text, file, tokens))
}
