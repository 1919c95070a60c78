//! Templates: quoted strings, heredocs and bare templates.
//!
//! As in hclsyntax, a template is read in three passes: its tokens become a flat list of
//! pieces (literal text with strip markers applied, interpolations, directive markers); a
//! `<<-` heredoc's common indentation is removed and adjacent literals are joined; then the
//! directives are matched into a tree.

use std::borrow::Cow;

use unicode_segmentation::UnicodeSegmentation;

use super::Parser;
use crate::ast::{Expr, ExprKind, TemplatePart};
use crate::lexer::is_go_space;
use crate::span::Span;
use crate::string_lit::{go_quote, literal_value};
use crate::token::{Token, TokenKind};

/// A piece of a template before its directives are matched.
enum Piece<'s> {
    Literal { value: Cow<'s, str>, span: Span },
    Interpolation(Expr<'s>),
    If { condition: Expr<'s>, span: Span },
    For(ForHead<'s>),
    Else(Span),
    EndIf(Span),
    EndFor(Span),
    End(Span),
}

struct ForHead<'s> {
    key_var: Option<&'s str>,
    value_var: &'s str,
    collection: Expr<'s>,
    span: Span,
}

const INVALID_FOR_DIRECTIVE: &str = "Invalid 'for' directive";

impl<'s> Parser<'s> {
    /// A quoted template or heredoc; the next token opens it.
    pub(super) fn parse_template_expression(&mut self) -> Expr<'s> {
        let open = self.read();
        if open.kind == TokenKind::OQuote {
            if let Some(expr) = self.quoted_literal(open) {
                return expr;
            }
        }
        let end = open.kind.opposite().unwrap_or(TokenKind::CQuote);
        let flush = open.kind == TokenKind::OHeredoc && self.text_of(open).starts_with("<<-");
        let (parts, passthrough) = self.parse_template_inner(end, flush);
        let span = open.span.to(self.prev_span());
        match passthrough {
            Some(expr) => Expr::new(ExprKind::TemplateWrap(self.alloc(expr)), span),
            None => Expr::new(ExprKind::Template(self.slice(parts)), span),
        }
    }

    /// A quoted template that is literal text alone (`"text"`, `""`), after its opening quote:
    /// the tree the general reading below builds for it, without its lists. `None` (nothing
    /// read) for any other template.
    fn quoted_literal(&mut self, open: Token) -> Option<Expr<'s>> {
        // Inside quotes the lexer makes no comments or line breaks that the peeker would skip:
        // the tokens are read as they are.
        let part = match self.tokens.get(self.next..self.next + 2) {
            Some([lit, close])
                if lit.kind == TokenKind::QuotedLit && close.kind == TokenKind::CQuote =>
            {
                let lit = self.read();
                let value = literal_value(
                    self.text_of(lit),
                    lit.span.start as usize,
                    true,
                    &mut self.diags,
                );
                TemplatePart::Literal {
                    value: self.text_in_arena(value),
                    span: lit.span,
                }
            }
            Some([close, _]) if close.kind == TokenKind::CQuote => TemplatePart::Literal {
                value: "",
                span: close.span.end_point(),
            },
            _ => return None,
        };
        let close = self.read();
        let parts = self.arena.alloc_slice_copy(&[part]);
        Some(Expr::new(
            ExprKind::Template(parts),
            open.span.to(close.span),
        ))
    }

    /// A bare template: everything up to the end of the text.
    pub(crate) fn parse_bare_template(&mut self) -> Expr<'s> {
        let start = self.peek().span;
        let (parts, passthrough) = self.parse_template_inner(TokenKind::Eof, false);
        let span = start.to(self.prev_span());
        match passthrough {
            Some(expr) => Expr::new(ExprKind::TemplateWrap(self.alloc(expr)), span),
            None => Expr::new(ExprKind::Template(self.slice(parts)), span),
        }
    }

    /// The parts of a template up to its `end` token; or, when it is one interpolation and
    /// nothing else, that interpolation's expression.
    fn parse_template_inner(
        &mut self,
        end: TokenKind,
        flush: bool,
    ) -> (Vec<TemplatePart<'s>>, Option<Expr<'s>>) {
        let mut pieces = self.parse_pieces(end);
        if flush {
            flush_heredoc(&mut pieces);
        }
        let pieces = meld_literals(self.text, pieces);
        if pieces.len() == 2 && matches!(pieces[0], Piece::Interpolation(_)) {
            if let Some(Piece::Interpolation(expr)) = pieces.into_iter().next() {
                return (Vec::new(), Some(expr));
            }
            unreachable!("checked above");
        }
        let mut pieces = pieces.into_iter().peekable();
        let mut parts = Vec::new();
        while !matches!(pieces.peek(), Some(Piece::End(_)) | None) {
            parts.push(self.template_part(&mut pieces, 0));
        }
        (parts, None)
    }

    /// The flat pieces of a template, ending with [`Piece::End`].
    fn parse_pieces(&mut self, end: TokenKind) -> Vec<Piece<'s>> {
        let start = self.peek().span;
        let mut pieces: Vec<Piece<'s>> = Vec::new();
        let mut trim_next = false;
        let mut next_can_trim_previous = false;
        let end_span;
        loop {
            let next = self.read();
            if next.kind == end {
                end_span = next.span;
                break;
            }
            let trim = std::mem::take(&mut trim_next);
            let can_trim_previous = std::mem::take(&mut next_can_trim_previous);
            match next.kind {
                TokenKind::StringLit | TokenKind::QuotedLit => {
                    let mut value = literal_value(
                        self.text_of(next),
                        next.span.start as usize,
                        next.kind == TokenKind::QuotedLit,
                        &mut self.diags,
                    );
                    if trim {
                        value = trim_start(value);
                    }
                    pieces.push(Piece::Literal {
                        value,
                        span: next.span,
                    });
                    next_can_trim_previous = true;
                }
                TokenKind::TemplateInterp => {
                    if can_trim_previous && self.text_of(next).ends_with('~') {
                        trim_last_literal(&mut pieces);
                    }
                    self.push_newlines(false);
                    let expr = self.parse_expression();
                    let close = self.peek();
                    if close.kind != TokenKind::TemplateSeqEnd {
                        if !self.recovery {
                            self.unclosed_interpolation(close.kind, close.span, start, end);
                        }
                        self.recover(TokenKind::TemplateSeqEnd);
                    } else {
                        self.read();
                        trim_next = self.text_of(close).starts_with('~');
                    }
                    self.pop_newlines();
                    pieces.push(Piece::Interpolation(expr));
                }
                TokenKind::TemplateControl => {
                    if can_trim_previous && self.text_of(next).ends_with('~') {
                        trim_last_literal(&mut pieces);
                    }
                    self.push_newlines(false);
                    if let Some(trim) = self.parse_directive(next.span, &mut pieces) {
                        trim_next = trim;
                    }
                    self.pop_newlines();
                }
                _ => {
                    self.error_unless_recovering(
                        "Unterminated template string",
                        "No closing marker was found for the string.",
                        next.span,
                    );
                    let last = self.recover(end);
                    end_span = last.span;
                    break;
                }
            }
        }
        if pieces.is_empty() {
            pieces.push(Piece::Literal {
                value: Cow::Borrowed(""),
                span: start.end_point(),
            });
        }
        pieces.push(Piece::End(end_span));
        pieces
    }

    fn unclosed_interpolation(&mut self, kind: TokenKind, at: Span, start: Span, end: TokenKind) {
        const UNCLOSED: &str = "Unclosed template interpolation sequence";
        const EXTRA: &str = "Extra characters after interpolation expression";
        match kind {
            TokenKind::Eof => self.error(
                UNCLOSED,
                "There is no closing brace for this interpolation sequence before the end of the \
                 file. This might be caused by incorrect nesting inside the given expression.",
                start,
            ),
            TokenKind::Colon => self.error(
                EXTRA,
                "Template interpolation doesn't expect a colon at this location. Did you intend \
                 this to be a literal sequence to be processed as part of another language? If \
                 so, you can escape it by starting with \"$${\" instead of just \"${\".",
                at,
            ),
            TokenKind::CQuote | TokenKind::OQuote if end == TokenKind::CQuote => self.error(
                UNCLOSED,
                "There is no closing brace for this interpolation sequence before the end of the \
                 quoted template. This might be caused by incorrect nesting inside the given \
                 expression.",
                start,
            ),
            _ => self.error(
                EXTRA,
                "Expected a closing brace to end the interpolation expression, but found extra \
                 characters.\n\nThis can happen when you include interpolation syntax for another \
                 language, such as shell scripting, but forget to escape the interpolation start \
                 token. If this is an embedded sequence for another language, escape it by \
                 starting with \"$${\" instead of just \"${\".",
                at,
            ),
        }
    }

    /// A `%{ … }` directive after its opener: pushes its piece; returns whether its closer
    /// strips the whitespace that follows, or `None` when it was skipped after an error.
    fn parse_directive(&mut self, opener: Span, pieces: &mut Vec<Piece<'s>>) -> Option<bool> {
        let keyword = self.peek();
        if keyword.kind != TokenKind::Ident {
            self.error_unless_recovering(
                "Invalid template directive",
                "A template directive keyword (\"if\", \"for\", etc) is expected at the \
                 beginning of a %{ sequence.",
                keyword.span,
            );
            self.recover(TokenKind::TemplateSeqEnd);
            return None;
        }
        self.read();
        let word = self.text_of(keyword);
        match word {
            "if" => {
                let condition = self.parse_expression();
                let span = opener.to(self.peek().span);
                pieces.push(Piece::If { condition, span });
            }
            "else" => pieces.push(Piece::Else(opener.to(self.peek().span))),
            "endif" => pieces.push(Piece::EndIf(opener.to(self.peek().span))),
            "endfor" => pieces.push(Piece::EndFor(opener.to(self.peek().span))),
            "for" => {
                let head = self.parse_for_directive(opener)?;
                pieces.push(Piece::For(head));
            }
            _ => {
                if !self.recovery {
                    let suggestion =
                        crate::name_suggestion(word, ["if", "for", "else", "endif", "endfor"])
                            .map(|s| format!(" Did you mean \"{s}\"?"))
                            .unwrap_or_default();
                    self.error(
                        "Invalid template control keyword",
                        format!(
                            "{} is not a valid template control keyword.{suggestion}",
                            go_quote(word)
                        ),
                        keyword.span,
                    );
                }
                self.recover(TokenKind::TemplateSeqEnd);
                return None;
            }
        }
        let close = self.peek();
        if close.kind != TokenKind::TemplateSeqEnd {
            self.error_unless_recovering(
                &format!("Extra characters in {word} marker"),
                "Expected a closing brace to end the sequence, but found extra characters.",
                close.span,
            );
            self.recover(TokenKind::TemplateSeqEnd);
            return Some(false);
        }
        self.read();
        Some(self.text_of(close).starts_with('~'))
    }

    fn parse_for_directive(&mut self, opener: Span) -> Option<ForHead<'s>> {
        if self.peek_kind() != TokenKind::Ident {
            let at = self.peek().span;
            self.error_unless_recovering(
                INVALID_FOR_DIRECTIVE,
                "For directive requires variable name after 'for'.",
                at,
            );
            self.recover(TokenKind::TemplateSeqEnd);
            return None;
        }
        let first = self.read();
        let mut value_var = self.text_of(first);
        let mut key_var = None;
        if self.peek_kind() == TokenKind::Comma {
            key_var = Some(value_var);
            self.read();
            if self.peek_kind() != TokenKind::Ident {
                let at = self.peek().span;
                self.error_unless_recovering(
                    INVALID_FOR_DIRECTIVE,
                    "For directive requires value variable name after comma.",
                    at,
                );
                self.recover(TokenKind::TemplateSeqEnd);
                return None;
            }
            let second = self.read();
            value_var = self.text_of(second);
        }
        if !self.at_keyword("in") {
            let at = self.peek().span;
            self.error_unless_recovering(
                INVALID_FOR_DIRECTIVE,
                "For directive requires 'in' keyword after names.",
                at,
            );
            self.recover(TokenKind::TemplateSeqEnd);
            return None;
        }
        self.read();
        let collection = self.parse_expression();
        Some(ForHead {
            key_var,
            value_var,
            collection,
            span: opener.to(self.peek().span),
        })
    }

    /// The template part that starts with the next piece (a directive takes every piece up to
    /// its end).
    fn template_part(
        &mut self,
        pieces: &mut std::iter::Peekable<std::vec::IntoIter<Piece<'s>>>,
        depth: usize,
    ) -> TemplatePart<'s> {
        let placeholder = |span: Span| TemplatePart::Interpolation(Self::invalid(span));
        let Some(piece) = pieces.next_if(|p| !matches!(p, Piece::End(_))) else {
            let span = match pieces.peek() {
                Some(Piece::End(span)) => *span,
                _ => Span::default(),
            };
            self.error(
                "Unexpected end of template",
                "The control directives within this template are unbalanced.",
                span,
            );
            return placeholder(span);
        };
        match piece {
            Piece::Literal { value, span } => TemplatePart::Literal {
                value: self.text_in_arena(value),
                span,
            },
            Piece::Interpolation(expr) => TemplatePart::Interpolation(expr),
            Piece::If { condition, span } => self.template_if(pieces, condition, span, depth),
            Piece::For(head) => self.template_for(pieces, head, depth),
            Piece::Else(span) => self.unbalanced_directive("else", span),
            Piece::EndIf(span) => self.unbalanced_directive("endif", span),
            Piece::EndFor(span) => self.unbalanced_directive("endfor", span),
            Piece::End(span) => placeholder(span),
        }
    }

    fn template_if(
        &mut self,
        pieces: &mut std::iter::Peekable<std::vec::IntoIter<Piece<'s>>>,
        condition: Expr<'s>,
        if_span: Span,
        depth: usize,
    ) -> TemplatePart<'s> {
        let mut then = Vec::new();
        let mut otherwise = Vec::new();
        let mut in_else = false;
        if !self.enter_directive(if_span, depth) {
            return TemplatePart::Interpolation(Self::invalid(if_span));
        }
        let endif = loop {
            match pieces.peek() {
                None | Some(Piece::End(_)) => {
                    let end = match pieces.peek() {
                        Some(Piece::End(span)) => *span,
                        _ => if_span,
                    };
                    let detail = format!(
                        "The if directive at {} is missing its corresponding endif directive.",
                        self.range_text(if_span)
                    );
                    self.error("Unexpected end of template", detail, end);
                    return TemplatePart::Interpolation(Self::invalid(end));
                }
                Some(Piece::Else(_) | Piece::EndIf(_) | Piece::EndFor(_)) => {
                    let piece = pieces.next().expect("peeked");
                    match piece {
                        Piece::Else(_) if !in_else => {
                            in_else = true;
                            continue;
                        }
                        Piece::Else(span) => {
                            let detail = format!(
                                "Already in the else clause for the if started at {}.",
                                self.range_text(if_span)
                            );
                            self.error("Unexpected else directive", detail, span);
                            return TemplatePart::Interpolation(Self::invalid(span));
                        }
                        Piece::EndIf(span) => break span,
                        Piece::EndFor(span) => {
                            let detail = format!(
                                "Expecting an endif directive for the if started at {}.",
                                self.range_text(if_span)
                            );
                            self.error("Unexpected endfor directive", detail, span);
                            return TemplatePart::Interpolation(Self::invalid(span));
                        }
                        _ => unreachable!("matched above"),
                    }
                }
                Some(_) => {
                    let part = self.template_part(pieces, depth + 1);
                    if in_else {
                        otherwise.push(part);
                    } else {
                        then.push(part);
                    }
                }
            }
        };
        TemplatePart::If {
            condition,
            then: self.slice(then),
            otherwise: self.slice(otherwise),
            span: if_span.to(endif),
        }
    }

    fn template_for(
        &mut self,
        pieces: &mut std::iter::Peekable<std::vec::IntoIter<Piece<'s>>>,
        head: ForHead<'s>,
        depth: usize,
    ) -> TemplatePart<'s> {
        let mut body = Vec::new();
        if !self.enter_directive(head.span, depth) {
            return TemplatePart::Interpolation(Self::invalid(head.span));
        }
        let endfor = loop {
            match pieces.peek() {
                None | Some(Piece::End(_)) => {
                    let end = match pieces.peek() {
                        Some(Piece::End(span)) => *span,
                        _ => head.span,
                    };
                    let detail = format!(
                        "The for directive at {} is missing its corresponding endfor directive.",
                        self.range_text(head.span)
                    );
                    self.error("Unexpected end of template", detail, end);
                    return TemplatePart::Interpolation(Self::invalid(end));
                }
                Some(Piece::Else(_) | Piece::EndIf(_) | Piece::EndFor(_)) => {
                    match pieces.next().expect("peeked") {
                        Piece::EndFor(span) => break span,
                        Piece::Else(span) => {
                            self.error(
                                "Unexpected else directive",
                                "An else clause is not expected for a for directive.",
                                span,
                            );
                            return TemplatePart::Interpolation(Self::invalid(span));
                        }
                        Piece::EndIf(span) => {
                            let detail = format!(
                                "Expecting an endfor directive corresponding to the for \
                                 directive at {}.",
                                self.range_text(head.span)
                            );
                            self.error("Unexpected endif directive", detail, span);
                            return TemplatePart::Interpolation(Self::invalid(span));
                        }
                        _ => unreachable!("matched above"),
                    }
                }
                Some(_) => body.push(self.template_part(pieces, depth + 1)),
            }
        };
        TemplatePart::For {
            key_var: head.key_var,
            value_var: head.value_var,
            collection: head.collection,
            body: self.slice(body),
            span: head.span.to(endfor),
        }
    }

    /// An `else`, `endif` or `endfor` with no directive to end.
    fn unbalanced_directive(&mut self, name: &str, span: Span) -> TemplatePart<'s> {
        self.error(
            &format!("Unexpected {name} directive"),
            "The control directives within this template are unbalanced.",
            span,
        );
        TemplatePart::Interpolation(Self::invalid(span))
    }

    /// Directives nested `depth` deep may hold one more level.
    fn enter_directive(&mut self, at: Span, depth: usize) -> bool {
        if self.depth + depth < super::MAX_NESTING {
            return true;
        }
        if !self.recovery {
            self.error(
                "Expression too deeply nested",
                format!(
                    "Expressions, templates and blocks may nest at most {} levels deep.",
                    super::MAX_NESTING
                ),
                at,
            );
        }
        self.set_recovery();
        false
    }
}

fn trim_start(value: Cow<'_, str>) -> Cow<'_, str> {
    match value {
        Cow::Borrowed(s) => Cow::Borrowed(s.trim_start_matches(is_go_space)),
        Cow::Owned(s) => Cow::Owned(s.trim_start_matches(is_go_space).to_string()),
    }
}

/// A `${~` or `%{~`: the literal just before loses its trailing whitespace.
fn trim_last_literal(pieces: &mut [Piece<'_>]) {
    if let Some(Piece::Literal { value, .. }) = pieces.last_mut() {
        *value = match std::mem::take(value) {
            Cow::Borrowed(s) => Cow::Borrowed(s.trim_end_matches(is_go_space)),
            Cow::Owned(s) => Cow::Owned(s.trim_end_matches(is_go_space).to_string()),
        };
    }
}

/// A `<<-` heredoc's indentation rule: the fewest leading whitespace characters (grapheme
/// clusters) over the lines that start with literal text, blank lines aside (a line starting
/// with a sequence counts as none), are removed from each of those lines.
fn flush_heredoc(pieces: &mut [Piece<'_>]) {
    let mut fewest = usize::MAX;
    let mut line_start = true;
    let mut adjust = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        if line_start {
            line_start = false;
            let spaces = match piece {
                Piece::Literal { value, .. } => {
                    let rest = value.trim_start_matches(is_go_space);
                    if rest.is_empty() && value.ends_with('\n') {
                        usize::MAX
                    } else {
                        adjust.push(i);
                        value[..value.len() - rest.len()].graphemes(true).count()
                    }
                }
                Piece::End(_) => break,
                _ => 0,
            };
            fewest = fewest.min(spaces);
        }
        if let Piece::Literal { value, .. } = piece {
            if value.ends_with('\n') {
                line_start = true;
            }
        }
    }
    for i in adjust {
        if let Piece::Literal { value, span } = &mut pieces[i] {
            let cut: usize = value.graphemes(true).take(fewest).map(str::len).sum();
            span.start += cut as u32;
            *value = match std::mem::take(value) {
                Cow::Borrowed(s) => Cow::Borrowed(&s[cut..]),
                Cow::Owned(s) => Cow::Owned(s[cut..].to_string()),
            };
        }
    }
}

/// Joins adjacent literal pieces, in place.
fn meld_literals<'s>(text: &'s str, mut pieces: Vec<Piece<'s>>) -> Vec<Piece<'s>> {
    // Whether a literal's value is its source text as written, which a neighbouring literal
    // can then extend without a copy.
    let as_written = |value: &Cow<'s, str>, span: Span| match value {
        Cow::Borrowed(v) => text
            .get(span.range())
            .is_some_and(|t| std::ptr::eq(t.as_ptr(), v.as_ptr()) && t.len() == v.len()),
        Cow::Owned(_) => false,
    };
    // `dedup_by` hands each piece with the last one kept before it; a literal after a literal
    // is added to it and dropped.
    pieces.dedup_by(|piece, kept| {
        let (
            Piece::Literal {
                value: next,
                span: next_span,
            },
            Piece::Literal { value, span },
        ) = (piece, kept)
        else {
            return false;
        };
        if span.end == next_span.start && as_written(value, *span) && as_written(next, *next_span) {
            *value = Cow::Borrowed(&text[span.start as usize..next_span.end as usize]);
        } else {
            value.to_mut().push_str(next);
        }
        span.end = next_span.end;
        true
    });
    pieces
}
