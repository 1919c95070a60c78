//! The parser: tokens to a syntax tree, with hclsyntax's acceptance, recovery and
//! diagnostics.
//!
//! It reads through a peeker that hides comments and, depending on the context, line breaks:
//! line breaks end attributes and separate object items, but are ignored inside `()`, `[]`,
//! template sequences and the whole of a `for` expression. After an error the parser skips
//! ahead to a point it can go on from (the end of the bracket or the item it was in), and stays
//! in recovery, where most further errors are not reported: the errors reported are the ones
//! HCL reports.

use std::borrow::Cow;
use std::cell::OnceCell;

use crate::ast::{Expr, ExprKind, ObjectItem, Step, Structure};
use crate::diagnostic::Diagnostic;
use crate::span::{LineIndex, Span};
use crate::token::{Token, TokenKind};

mod body;
mod expression;
mod for_expr;
mod number;
mod template;
mod traversal;

/// How deeply the syntax tree may nest (brackets, operators, templates, blocks) before the
/// parser stops with an error: far beyond any real configuration, and within what the
/// lowering and evaluation that follow can handle on an ordinary thread.
pub const MAX_NESTING: usize = 256;

pub(crate) struct Parser<'s> {
    /// Where the tree's nodes are allocated.
    arena: &'s bumpalo::Bump,
    text: &'s str,
    file: String,
    tokens: Vec<Token>,
    /// The index of the next token to read.
    next: usize,
    /// Whether line breaks are seen, innermost context last.
    newlines: Vec<bool>,
    /// Whether line breaks are seen now: the last of `newlines` (`true` when there is none).
    include_newlines: bool,
    /// The next token as the peeker sees it, and the index after it: looked up again whenever
    /// `next` or `newlines` change, so that a peek is a read of this field.
    peeked: (Token, usize),
    /// Set once the parser has skipped ahead after an error.
    recovery: bool,
    diags: Vec<Diagnostic>,
    lines: OnceCell<LineIndex>,
    depth: usize,
    /// The elements and arguments of the lists being read, innermost list last (see
    /// [`take_from`]).
    exprs: Vec<Expr<'s>>,
    /// The items of the object constructors being read, likewise.
    object_items: Vec<ObjectItem<'s>>,
    /// The items of the bodies being read, likewise.
    structures: Vec<Structure<'s>>,
    /// The static steps of the traversals being read, likewise.
    steps: Vec<Step<'s>>,
}

/// The nodes pushed on `stack` since `mark` (its length when the list began), moved into the
/// arena in order. Lists nest: an inner list, read while an outer one is open, pushes above
/// the outer one's nodes and takes them before the outer list goes on, so that the nodes of
/// every list are read without an allocation of their own, and stored at their exact size.
fn take_from<'s, T: Copy>(arena: &'s bumpalo::Bump, stack: &mut Vec<T>, mark: usize) -> &'s [T] {
    let nodes = match &stack[mark..] {
        [] => &[][..],
        nodes => &*arena.alloc_slice_copy(nodes),
    };
    stack.truncate(mark);
    nodes
}

impl<'s> Parser<'s> {
    pub(crate) fn new(
        arena: &'s bumpalo::Bump,
        text: &'s str,
        file: &str,
        tokens: Vec<Token>,
    ) -> Parser<'s> {
        let mut parser = Parser {
            arena,
            text,
            file: file.to_string(),
            tokens,
            next: 0,
            newlines: vec![true],
            include_newlines: true,
            peeked: (
                Token {
                    kind: TokenKind::Eof,
                    span: Span::at(0),
                },
                0,
            ),
            recovery: false,
            diags: Vec::new(),
            lines: OnceCell::new(),
            depth: 0,
            exprs: Vec::new(),
            object_items: Vec::new(),
            structures: Vec::new(),
            steps: Vec::new(),
        };
        parser.seek();
        parser
    }

    pub(crate) fn finish(self) -> Vec<Diagnostic> {
        // Every list read took its nodes, whatever errors it met.
        debug_assert!(
            self.exprs.is_empty()
                && self.object_items.is_empty()
                && self.steps.is_empty()
                && self.structures.is_empty()
        );
        self.diags
    }

    /// A node in the arena.
    fn alloc<T>(&self, node: T) -> &'s T {
        self.arena.alloc(node)
    }

    /// Nodes in the arena, in order.
    fn slice<T>(&self, nodes: Vec<T>) -> &'s [T] {
        if nodes.is_empty() {
            return &[];
        }
        self.arena.alloc_slice_fill_iter(nodes)
    }

    /// Text in the arena, or borrowed from the source.
    fn text_in_arena(&self, text: Cow<'s, str>) -> &'s str {
        match text {
            Cow::Borrowed(s) => s,
            Cow::Owned(s) => self.arena.alloc_str(&s),
        }
    }

    /// The text of a token.
    fn text_of(&self, tok: Token) -> &'s str {
        &self.text[tok.span.range()]
    }

    /// HCL's text for a range (`main.tf:1,3-7`), as details quote it.
    fn range_text(&self, span: Span) -> String {
        let lines = self.lines.get_or_init(|| LineIndex::new(self.text));
        lines.range_text(self.text, &self.file, span)
    }

    fn error(&mut self, summary: &str, detail: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::new(summary, detail, span));
    }

    /// Like [`Parser::error`], unless the parser is recovering from an earlier error.
    fn error_unless_recovering(&mut self, summary: &str, detail: impl Into<String>, span: Span) {
        if !self.recovery {
            self.error(summary, detail, span);
        }
    }

    fn error_count(&self) -> usize {
        self.diags.len()
    }

    // The peeker.

    /// Looks up the next token from `next`, under the current line break rule.
    #[inline(always)]
    fn seek(&mut self) {
        // Most tokens are neither comments nor ignored line breaks: they are the next one as
        // they are.
        if let Some(&tok) = self.tokens.get(self.next) {
            if tok.kind != TokenKind::Comment
                && (tok.kind != TokenKind::Newline || self.include_newlines)
            {
                self.peeked = (tok, self.next + 1);
                return;
            }
        }
        self.peeked = self.find_next_token();
    }

    #[inline(never)]
    fn find_next_token(&self) -> (Token, usize) {
        let include_newlines = self.include_newlines;
        let mut i = self.next;
        while i < self.tokens.len() {
            let tok = self.tokens[i];
            match tok.kind {
                TokenKind::Comment => {
                    // A line comment ends its line: it stands for the line break it holds.
                    if include_newlines && self.text.as_bytes()[tok.span.end as usize - 1] == b'\n'
                    {
                        let newline = Token {
                            kind: TokenKind::Newline,
                            span: tok.span,
                        };
                        return (newline, i + 1);
                    }
                }
                TokenKind::Newline if !include_newlines => {}
                _ => return (tok, i + 1),
            }
            i += 1;
        }
        (
            *self.tokens.last().expect("an end token"),
            self.tokens.len(),
        )
    }

    #[inline]
    fn peek(&self) -> Token {
        self.peeked.0
    }

    #[inline]
    fn read(&mut self) -> Token {
        let (tok, next) = self.peeked;
        self.next = next;
        self.seek();
        tok
    }

    #[inline]
    fn peek_kind(&self) -> TokenKind {
        self.peek().kind
    }

    /// The span of the token before the next one, comments and line breaks included.
    fn prev_span(&self) -> Span {
        if self.next == 0 {
            return self.peek().span;
        }
        self.tokens[self.next - 1].span
    }

    fn push_newlines(&mut self, include: bool) {
        self.newlines.push(include);
        self.include_newlines = include;
        self.seek();
    }

    fn pop_newlines(&mut self) {
        self.newlines.pop();
        self.include_newlines = *self.newlines.last().unwrap_or(&true);
        self.seek();
    }

    /// Whether the next token is the keyword `word`.
    fn at_keyword(&self, word: &str) -> bool {
        let tok = self.peek();
        tok.kind == TokenKind::Ident && self.text_of(tok) == word
    }

    // Recovery.

    fn set_recovery(&mut self) {
        self.recovery = true;
    }

    /// Skips to the `end` that closes the current bracket (nested pairs skipped), or to the
    /// end of the text; returns that token.
    fn recover(&mut self, end: TokenKind) -> Token {
        let start = end.opposite();
        self.recovery = true;
        let mut nest = 0usize;
        loop {
            let tok = self.read();
            let mut kind = tok.kind;
            if end == TokenKind::TemplateSeqEnd && kind == TokenKind::TemplateControl {
                kind = TokenKind::TemplateInterp;
            }
            if Some(kind) == start {
                nest += 1;
            } else if kind == end {
                if nest == 0 {
                    return tok;
                }
                nest -= 1;
            } else if kind == TokenKind::Eof {
                return tok;
            }
        }
    }

    /// Skips to the next `start`, then to the end of the bracket it opens.
    fn recover_over(&mut self, start: TokenKind) {
        loop {
            let tok = self.read();
            if tok.kind == start || tok.kind == TokenKind::Eof {
                break;
            }
        }
        if let Some(end) = start.opposite() {
            self.recover(end);
        }
    }

    /// Skips past the end of the current body item: the next line break outside brackets.
    fn recover_after_body_item(&mut self) {
        use TokenKind::*;
        self.recovery = true;
        let mut open: Vec<TokenKind> = Vec::new();
        loop {
            let tok = self.read();
            match tok.kind {
                Newline if open.is_empty() => break,
                Eof => break,
                OBrace | OBrack | OParen | OQuote | OHeredoc | TemplateInterp | TemplateControl => {
                    open.push(tok.kind)
                }
                CBrace | CBrack | CParen | CQuote | CHeredoc => {
                    let opener = tok.kind.opposite();
                    while open.last().is_some_and(|&o| Some(o) != opener) {
                        open.pop();
                    }
                    open.pop();
                }
                TemplateSeqEnd => {
                    while open
                        .last()
                        .is_some_and(|&o| o != TemplateInterp && o != TemplateControl)
                    {
                        open.pop();
                    }
                    open.pop();
                }
                _ => {}
            }
        }
    }

    // Nesting.

    /// Enters one more level of nesting; `false` (with an error, and the parser recovering)
    /// when that is one too many.
    #[inline]
    fn enter(&mut self, at: Span) -> bool {
        if self.depth >= MAX_NESTING {
            return self.too_deep(at);
        }
        self.depth += 1;
        true
    }

    /// [`Parser::enter`] past the limit.
    #[cold]
    fn too_deep(&mut self, at: Span) -> bool {
        if !self.recovery {
            self.error(
                "Expression too deeply nested",
                format!(
                    "Expressions, templates and blocks may nest at most {MAX_NESTING} levels \
                     deep."
                ),
                at,
            );
        }
        self.recovery = true;
        false
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// A placeholder for an expression that could not be read.
    fn invalid(span: Span) -> Expr<'s> {
        Expr::new(ExprKind::Invalid, span)
    }
}

impl<'s> Parser<'s> {
    /// An expression that must take the whole text.
    pub(crate) fn parse_whole_expression(&mut self) -> Expr<'s> {
        self.push_newlines(false);
        let expr = self.parse_expression();
        let next = self.peek();
        if next.kind != TokenKind::Eof && !self.recovery {
            self.error(
                "Extra characters after expression",
                "An expression was successfully parsed, but extra characters were found after \
                 it.",
                next.span,
            );
        }
        self.pop_newlines();
        expr
    }
}
