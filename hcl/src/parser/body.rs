//! Bodies: attributes, blocks (multi-line and single-line), block labels.

use std::borrow::Cow;
use std::collections::HashMap;

use super::{take_from, Parser};
use crate::ast::{Attribute, Block, Body, Label, Structure};
use crate::span::Span;
use crate::string_lit::{go_quote, literal_value};
use crate::token::{Token, TokenKind};

const DEFINITION_REQUIRED: &str = "Argument or block definition required";
const DEFINITION_REQUIRED_DETAIL: &str = "An argument or block definition is required here.";
const DEFINITION_REQUIRED_EQUALS: &str = "An argument or block definition is required here. To \
                                          set an argument, use the equals sign \"=\" to \
                                          introduce the argument value.";
/// Up to how many items a body's attributes are looked up one by one, rather than in a map.
const LINEAR_LOOKUP: usize = 16;
const UNCLOSED_BLOCK: &str = "Unclosed configuration block";
const UNCLOSED_BLOCK_DETAIL: &str = "There is no closing brace for this block before the end of \
                                     the file. This may be caused by incorrect brace nesting \
                                     elsewhere in this file.";

impl<'s> Parser<'s> {
    /// A body, up to and including the `end` token (the end of the text, or a block's `}`).
    pub(crate) fn parse_body(&mut self, end: TokenKind) -> Body<'s> {
        let start = self.prev_span();
        let items_from = self.structures.len();
        // The attributes set so far, looked up among the body's items while they are few.
        let mut attributes: Option<HashMap<&'s str, Span>> = None;
        let end_span;
        loop {
            let next = self.peek();
            if next.kind == end {
                end_span = next.span;
                self.read();
                break;
            }
            match next.kind {
                TokenKind::Newline => {
                    self.read();
                }
                TokenKind::Ident => match self.parse_body_item() {
                    Some(Structure::Attribute(attr)) => {
                        let first = match &attributes {
                            Some(map) => map.get(attr.name).copied(),
                            None => self.structures[items_from..].iter().find_map(|s| match s {
                                Structure::Attribute(a) if a.name == attr.name => Some(a.name_span),
                                _ => None,
                            }),
                        };
                        if let Some(first) = first {
                            let detail = format!(
                                "The argument \"{}\" was already set at {}. Each argument may be \
                                 set only once.",
                                attr.name,
                                self.range_text(first)
                            );
                            self.error("Attribute redefined", detail, attr.name_span);
                        } else {
                            if let Some(map) = &mut attributes {
                                map.insert(attr.name, attr.name_span);
                            } else if self.structures.len() - items_from >= LINEAR_LOOKUP {
                                let mut map: HashMap<&'s str, Span> = HashMap::new();
                                for s in &self.structures[items_from..] {
                                    if let Structure::Attribute(a) = s {
                                        map.insert(a.name, a.name_span);
                                    }
                                }
                                map.insert(attr.name, attr.name_span);
                                attributes = Some(map);
                            }
                            self.structures.push(Structure::Attribute(attr));
                        }
                    }
                    Some(block) => self.structures.push(block),
                    None => {}
                },
                _ => {
                    let bad = self.read();
                    if !self.recovery {
                        match bad.kind {
                            TokenKind::OQuote => self.error(
                                "Invalid argument name",
                                "Argument names must not be quoted.",
                                bad.span,
                            ),
                            TokenKind::Eof if end == TokenKind::CBrace => {
                                self.error(UNCLOSED_BLOCK, UNCLOSED_BLOCK_DETAIL, start)
                            }
                            TokenKind::Eof => self.error(
                                "Unclosed configuration body",
                                "Found end of file before the end of this configuration body.",
                                start,
                            ),
                            _ => self.error(
                                DEFINITION_REQUIRED,
                                DEFINITION_REQUIRED_DETAIL,
                                bad.span,
                            ),
                        }
                    }
                    end_span = self.prev_span();
                    self.recover(end);
                    break;
                }
            }
        }
        Body {
            items: take_from(self.arena, &mut self.structures, items_from),
            span: start.to(end_span),
        }
    }

    fn parse_body_item(&mut self) -> Option<Structure<'s>> {
        let ident = self.read();
        if ident.kind != TokenKind::Ident {
            self.recover_after_body_item();
            self.error(DEFINITION_REQUIRED, DEFINITION_REQUIRED_DETAIL, ident.span);
            return None;
        }
        match self.peek_kind() {
            TokenKind::Equal => Some(Structure::Attribute(self.finish_attribute(ident, false))),
            TokenKind::OQuote | TokenKind::OBrace | TokenKind::Ident => {
                Some(Structure::Block(self.finish_block(ident)))
            }
            _ => {
                self.recover_after_body_item();
                self.error(DEFINITION_REQUIRED, DEFINITION_REQUIRED_EQUALS, ident.span);
                None
            }
        }
    }

    /// The rest of `name = value` after the name; `single_line` inside `block { a = 1 }`,
    /// where no line break follows.
    fn finish_attribute(&mut self, ident: Token, single_line: bool) -> Attribute<'s> {
        self.read(); // `=`
        let before = self.error_count();
        let expr = self.parse_expression();
        let syntax_error = self.error_count() > before;
        let end_span;
        if self.recovery && self.error_count() > before {
            end_span = self.prev_span();
            self.recover_after_body_item();
        } else {
            end_span = self.prev_span();
            if !single_line {
                let end = self.peek();
                if end.kind != TokenKind::Newline && end.kind != TokenKind::Eof {
                    if !self.recovery {
                        if end.kind == TokenKind::Comma {
                            self.error(
                                "Unexpected comma after argument",
                                "Argument definitions must be separated by newlines, not \
                                 commas. An argument definition must end with a newline.",
                                end.span,
                            );
                        } else {
                            self.error(
                                "Missing newline after argument",
                                "An argument definition must end with a newline.",
                                end.span,
                            );
                        }
                    }
                    self.recover_after_body_item();
                } else {
                    self.read();
                }
            }
        }
        Attribute {
            name: self.text_of(ident),
            name_span: ident.span,
            expr,
            syntax_error,
            span: ident.span.to(end_span),
        }
    }

    fn finish_block(&mut self, ident: Token) -> Block<'s> {
        let mut labels = Vec::new();
        let open_brace = loop {
            let tok = self.peek();
            match tok.kind {
                TokenKind::OBrace => break self.read(),
                TokenKind::OQuote => labels.push(self.parse_quoted_label()),
                TokenKind::Ident => {
                    let tok = self.read();
                    labels.push(Label {
                        value: self.text_of(tok),
                        span: tok.span,
                    });
                }
                _ => {
                    match tok.kind {
                        TokenKind::Equal => self.error(
                            "Invalid block definition",
                            "The equals sign \"=\" indicates an argument definition, and must \
                             not be used when defining a block.",
                            tok.span,
                        ),
                        TokenKind::Newline => self.error(
                            "Invalid block definition",
                            "A block definition must have block content delimited by \"{\" \
                             and \"}\", starting on the same line as the block header.",
                            tok.span,
                        ),
                        _ => self.error_unless_recovering(
                            "Invalid block definition",
                            "Either a quoted string block label or an opening brace (\"{\") \
                             is expected here.",
                            tok.span,
                        ),
                    }
                    self.recover_after_body_item();
                    return self.empty_block(ident, labels, ident.span, ident.span);
                }
            }
        };

        if !self.enter(open_brace.span) {
            self.recover(TokenKind::CBrace);
            self.recover_after_body_item();
            return self.empty_block(ident, labels, open_brace.span, open_brace.span);
        }
        let body = match self.peek_kind() {
            TokenKind::Newline | TokenKind::Eof | TokenKind::CBrace => {
                self.parse_body(TokenKind::CBrace)
            }
            _ => self.parse_single_line_block(open_brace),
        };
        self.leave();
        let close_brace = self.prev_span();

        let eol = self.peek();
        if eol.kind == TokenKind::Newline || eol.kind == TokenKind::Eof {
            self.read();
        } else {
            self.error_unless_recovering(
                "Missing newline after block definition",
                "A block definition must end with a newline.",
                eol.span,
            );
            self.recover_after_body_item();
        }
        Block {
            kind: self.text_of(ident),
            kind_span: ident.span,
            labels: self.slice(labels),
            body,
            open_brace: open_brace.span,
            close_brace,
        }
    }

    /// A block read no further than its header (after an error): no body, its braces placed
    /// at `open_brace`, its body's span at `body`.
    fn empty_block(
        &self,
        ident: Token,
        labels: Vec<Label<'s>>,
        open_brace: Span,
        body: Span,
    ) -> Block<'s> {
        Block {
            kind: self.text_of(ident),
            kind_span: ident.span,
            labels: self.slice(labels),
            body: Body {
                items: &[],
                span: body,
            },
            open_brace,
            close_brace: open_brace,
        }
    }

    /// `block { name = value }`: one attribute, closed on the same line.
    fn parse_single_line_block(&mut self, open_brace: Token) -> Body<'s> {
        // The block's own errors come before its attribute's, as hclsyntax lists them.
        let first_of_attribute = self.error_count();
        let attr = self.parse_single_attribute();
        let attribute_errors = self.diags.split_off(first_of_attribute);
        match self.peek_kind() {
            TokenKind::CBrace => {
                self.read();
            }
            TokenKind::Comma => {
                let at = self.peek().span;
                self.error(
                    "Invalid single-argument block definition",
                    "Single-line block syntax can include only one argument definition. To \
                     define multiple arguments, use the multi-line block syntax with one \
                     argument definition per line.",
                    at,
                );
                self.recover(TokenKind::CBrace);
            }
            TokenKind::Newline => {
                let at = self.peek().span;
                self.error(
                    "Invalid single-argument block definition",
                    "An argument definition on the same line as its containing block creates a \
                     single-line block definition, which must also be closed on the same line. \
                     Place the block's closing brace immediately after the argument definition.",
                    at,
                );
                self.recover(TokenKind::CBrace);
            }
            kind => {
                if !self.recovery {
                    if kind == TokenKind::Eof {
                        self.error(UNCLOSED_BLOCK, UNCLOSED_BLOCK_DETAIL, open_brace.span);
                    } else {
                        let at = self.peek().span;
                        self.error(
                            "Invalid single-argument block definition",
                            "A single-line block definition must end with a closing brace \
                             immediately after its single argument definition.",
                            at,
                        );
                    }
                }
                self.recover(TokenKind::CBrace);
            }
        }
        self.diags.extend(attribute_errors);
        let span = attr
            .as_ref()
            .map_or(open_brace.span.end_point(), |a| a.span);
        Body {
            items: match attr {
                Some(a) => std::slice::from_ref(self.alloc(Structure::Attribute(a))),
                None => &[],
            },
            span,
        }
    }

    fn parse_single_attribute(&mut self) -> Option<Attribute<'s>> {
        let ident = self.read();
        if ident.kind != TokenKind::Ident {
            self.recover_after_body_item();
            self.error(DEFINITION_REQUIRED, DEFINITION_REQUIRED_DETAIL, ident.span);
            return None;
        }
        let next = self.peek();
        match next.kind {
            TokenKind::Equal => Some(self.finish_attribute(ident, true)),
            TokenKind::OQuote | TokenKind::OBrace | TokenKind::Ident => {
                self.recover_after_body_item();
                let detail = format!(
                    "A single-line block definition can contain only a single argument. If you \
                     meant to define argument {}, use an equals sign to assign it a value. To \
                     define a nested block, place it on a line of its own within its parent \
                     block.",
                    go_quote(self.text_of(ident))
                );
                self.error(
                    "Argument definition required",
                    detail,
                    ident.span.to(next.span),
                );
                None
            }
            _ => {
                self.recover_after_body_item();
                self.error(DEFINITION_REQUIRED, DEFINITION_REQUIRED_EQUALS, ident.span);
                None
            }
        }
    }

    /// A quoted block label: a string without template sequences.
    fn parse_quoted_label(&mut self) -> Label<'s> {
        let open = self.read();
        let mut value: Option<Cow<'s, str>> = None;
        let end_span;
        loop {
            let tok = self.read();
            match tok.kind {
                TokenKind::CQuote => {
                    end_span = tok.span;
                    break;
                }
                TokenKind::QuotedLit => {
                    let piece = literal_value(
                        self.text_of(tok),
                        tok.span.start as usize,
                        true,
                        &mut self.diags,
                    );
                    value = Some(match value {
                        None => piece,
                        Some(v) => Cow::Owned(v.into_owned() + &piece),
                    });
                }
                TokenKind::TemplateInterp | TokenKind::TemplateControl => {
                    let which = if tok.kind == TokenKind::TemplateControl {
                        "%"
                    } else {
                        "$"
                    };
                    self.error(
                        "Invalid string literal",
                        format!(
                            "Template sequences are not allowed in this string. To include a \
                             literal \"{which}\", double it (as \"{which}{which}\") to escape it."
                        ),
                        tok.span,
                    );
                    let marker = format!("{which}{{ ... }}");
                    value = Some(Cow::Owned(value.unwrap_or_default().into_owned() + &marker));
                    self.recover(TokenKind::TemplateSeqEnd);
                }
                TokenKind::Eof => {
                    self.error(
                        "Unterminated string literal",
                        "Unable to find the closing quote mark before the end of the file.",
                        tok.span,
                    );
                    end_span = tok.span;
                    break;
                }
                _ => {
                    self.error(
                        "Invalid string literal",
                        "This item is not valid in a string literal.",
                        tok.span,
                    );
                    self.recover(TokenKind::CQuote);
                    end_span = tok.span;
                    break;
                }
            }
        }
        Label {
            value: self.text_in_arena(value.unwrap_or(Cow::Borrowed(""))),
            span: open.span.to(end_span),
        }
    }
}
