//! Expressions: the conditional operator, binary operators by precedence, unary operators,
//! and terms (literals, names, calls, templates, tuples, objects, parentheses).

use std::borrow::Cow;

use super::number::valid_number;
use super::{take_from, Parser};
use crate::ast::{BinaryOp, Conditional, Expr, ExprKind, FunctionCall, ObjectItem, UnaryOp};
use crate::span::Span;
use crate::token::{Token, TokenKind};

/// A binary operator and its precedence level (0, `||`, binds loosest).
fn binary_op(kind: TokenKind) -> Option<(BinaryOp, usize)> {
    use TokenKind::*;
    Some(match kind {
        Or => (BinaryOp::Or, 0),
        And => (BinaryOp::And, 1),
        EqualOp => (BinaryOp::Equal, 2),
        NotEqual => (BinaryOp::NotEqual, 2),
        GreaterThan => (BinaryOp::Greater, 3),
        GreaterThanEq => (BinaryOp::GreaterEqual, 3),
        LessThan => (BinaryOp::Less, 3),
        LessThanEq => (BinaryOp::LessEqual, 3),
        Plus => (BinaryOp::Add, 4),
        Minus => (BinaryOp::Subtract, 4),
        Star => (BinaryOp::Multiply, 5),
        Slash => (BinaryOp::Divide, 5),
        Percent => (BinaryOp::Modulo, 5),
        _ => return None,
    })
}

impl<'s> Parser<'s> {
    /// An expression: `a ? b : c` or anything of higher precedence.
    pub(crate) fn parse_expression(&mut self) -> Expr<'s> {
        let start = self.peek().span;
        if !self.enter(start) {
            return Self::invalid(start);
        }
        #[cfg(debug_assertions)]
        let open_lists = (self.exprs.len(), self.object_items.len(), self.steps.len());
        let out = self.parse_conditional(start);
        // The lists read inside took their nodes, whatever errors they met.
        #[cfg(debug_assertions)]
        debug_assert_eq!(
            open_lists,
            (self.exprs.len(), self.object_items.len(), self.steps.len())
        );
        self.leave();
        out
    }

    fn parse_conditional(&mut self, start: Span) -> Expr<'s> {
        let before = self.error_count();
        let condition = self.parse_binary(0);
        if self.recovery && self.error_count() > before {
            return condition;
        }
        if self.peek_kind() != TokenKind::Question {
            return condition;
        }
        self.read();
        let before = self.error_count();
        let true_result = self.parse_expression();
        if self.recovery && self.error_count() > before {
            return condition;
        }
        let colon = self.peek();
        if colon.kind != TokenKind::Colon {
            self.error(
                "Missing false expression in conditional",
                "The conditional operator (...?...:...) requires a false expression, delimited \
                 by a colon.",
                colon.span,
            );
            return condition;
        }
        self.read();
        let before = self.error_count();
        let false_result = self.parse_expression();
        if self.recovery && self.error_count() > before {
            return condition;
        }
        let span = start.to(false_result.span);
        Expr::new(
            ExprKind::Conditional(self.alloc(Conditional {
                condition,
                true_result,
                false_result,
            })),
            span,
        )
    }

    /// Operands joined by operators of precedence `level` and above, left-associative within a
    /// level (HCL reads one level at a time; taking the tightest operators first is the same).
    #[inline]
    fn parse_binary(&mut self, level: usize) -> Expr<'s> {
        let before = self.error_count();
        let lhs = self.parse_with_traversals();
        if self.recovery && self.error_count() > before {
            return lhs;
        }
        // Most operands have no operator after them.
        if binary_op(self.peek_kind()).is_none() {
            return lhs;
        }
        self.parse_binary_operators(lhs, level)
    }

    /// The operators of precedence `level` and above after `lhs`, and their operands.
    #[inline(never)]
    fn parse_binary_operators(&mut self, mut lhs: Expr<'s>, level: usize) -> Expr<'s> {
        // Each operator nests the tree one level deeper.
        let mut chained = 0;
        while let Some((op, op_level)) = binary_op(self.peek_kind()) {
            if op_level < level {
                break;
            }
            let op_tok = self.read();
            if !self.enter(op_tok.span) {
                break;
            }
            chained += 1;
            let before = self.error_count();
            let rhs = self.parse_binary(op_level + 1);
            if self.recovery && self.error_count() > before {
                break;
            }
            lhs = self.binary(op, op_tok.span, lhs, rhs);
        }
        self.depth -= chained;
        lhs
    }

    /// A term and the traversals after it.
    pub(super) fn parse_with_traversals(&mut self) -> Expr<'s> {
        let term = self.parse_term();
        // Most terms have no traversal after them.
        if !matches!(self.peek_kind(), TokenKind::Dot | TokenKind::OBrack) {
            return term;
        }
        self.parse_traversals(term)
    }

    fn parse_term(&mut self) -> Expr<'s> {
        let start = self.peek();
        match start.kind {
            TokenKind::OParen => self.parse_parens(),
            TokenKind::NumberLit => {
                let tok = self.read();
                let text = self.text_of(tok);
                if !valid_number(text) {
                    self.error(
                        "Invalid number literal",
                        "Failed to recognize the value of this number literal.",
                        tok.span,
                    );
                }
                Expr::new(ExprKind::Number(text), tok.span)
            }
            TokenKind::Ident => {
                let tok = self.read();
                if matches!(self.peek_kind(), TokenKind::OParen | TokenKind::DoubleColon) {
                    return self.finish_function_call(tok);
                }
                let name = self.text_of(tok);
                // Byte patterns: compared in place, where string patterns call `memcmp`.
                let kind = match name.as_bytes() {
                    [b't', b'r', b'u', b'e'] => ExprKind::Bool(true),
                    [b'f', b'a', b'l', b's', b'e'] => ExprKind::Bool(false),
                    [b'n', b'u', b'l', b'l'] => ExprKind::Null,
                    _ => ExprKind::ScopeTraversal {
                        root: name,
                        root_span: tok.span,
                        steps: &[],
                    },
                };
                Expr::new(kind, tok.span)
            }
            TokenKind::OQuote | TokenKind::OHeredoc => self.parse_template_expression(),
            TokenKind::Minus | TokenKind::Bang => {
                let tok = self.read();
                if !self.enter(tok.span) {
                    return Self::invalid(tok.span);
                }
                let operand = self.parse_with_traversals();
                self.leave();
                let op = if tok.kind == TokenKind::Minus {
                    UnaryOp::Negate
                } else {
                    UnaryOp::Not
                };
                let span = tok.span.to(operand.span);
                Expr::new(
                    ExprKind::Unary {
                        op,
                        operand: self.alloc(operand),
                    },
                    span,
                )
            }
            TokenKind::OBrack => self.parse_tuple(),
            TokenKind::OBrace => self.parse_object(),
            kind => {
                if kind == TokenKind::Eof {
                    self.error_unless_recovering(
                        "Missing expression",
                        "Expected the start of an expression, but found the end of the file.",
                        start.span,
                    );
                } else {
                    self.error_unless_recovering(
                        "Invalid expression",
                        "Expected the start of an expression, but found an invalid expression \
                         token.",
                        start.span,
                    );
                }
                self.set_recovery();
                Self::invalid(start.span)
            }
        }
    }

    fn parse_parens(&mut self) -> Expr<'s> {
        let open = self.read();
        self.push_newlines(false);
        let before = self.error_count();
        let inner = self.parse_expression();
        if self.error_count() > before {
            self.recover(TokenKind::CParen);
            self.pop_newlines();
            return inner;
        }
        let close = self.peek();
        if close.kind != TokenKind::CParen {
            self.error(
                "Unbalanced parentheses",
                "Expected a closing parenthesis to terminate the expression.",
                close.span,
            );
            self.set_recovery();
        }
        let close = self.read();
        self.pop_newlines();
        Expr::new(
            ExprKind::Parens(self.alloc(inner)),
            open.span.to(close.span),
        )
    }

    /// A function call, after its name; the next token is `(` or `::`.
    fn finish_function_call(&mut self, name: Token) -> Expr<'s> {
        let mut open = self.read();
        let mut full_name: Cow<'s, str> = Cow::Borrowed(self.text_of(name));
        let mut name_end = name.span;
        while open.kind == TokenKind::DoubleColon {
            let part = self.read();
            if part.kind != TokenKind::Ident {
                self.error(
                    "Missing function name",
                    "Function scope resolution symbol :: must be followed by a function name in \
                     this scope.",
                    part.span,
                );
                self.recover_over(TokenKind::OParen);
                return Self::invalid(name.span.to(part.span));
            }
            full_name = Cow::Owned(format!("{full_name}::{}", self.text_of(part)));
            name_end = part.span;
            open = self.read();
        }
        let name_span = name.span.to(name_end);
        if open.kind != TokenKind::OParen {
            self.error(
                "Missing open parenthesis",
                "Function selector must be followed by an open parenthesis to begin the function \
                 call.",
                open.span,
            );
            self.recover_over(TokenKind::OParen);
            return Self::invalid(name.span.to(open.span));
        }

        let args_from = self.exprs.len();
        let mut expand_final = false;
        let mut close: Option<Token> = None;
        self.push_newlines(false);
        loop {
            if self.peek_kind() == TokenKind::CParen {
                close = Some(self.read());
                break;
            }
            let before = self.error_count();
            let arg = self.parse_expression();
            self.exprs.push(arg);
            if self.recovery && self.error_count() > before {
                let recovered = self.recover(TokenKind::CParen);
                if recovered.kind == TokenKind::CParen {
                    close = Some(recovered);
                }
                break;
            }
            let sep = self.read();
            match sep.kind {
                TokenKind::CParen => {
                    close = Some(sep);
                    break;
                }
                TokenKind::Ellipsis => {
                    expand_final = true;
                    if self.peek_kind() != TokenKind::CParen {
                        self.error_unless_recovering(
                            "Missing closing parenthesis",
                            "An expanded function argument (with ...) must be immediately \
                             followed by closing parentheses.",
                            sep.span,
                        );
                        close = Some(self.recover(TokenKind::CParen));
                    } else {
                        close = Some(self.read());
                    }
                    break;
                }
                TokenKind::Comma => {
                    if self.peek_kind() == TokenKind::CParen {
                        close = Some(self.read());
                        break;
                    }
                }
                TokenKind::Eof => {
                    self.error(
                        "Unterminated function call",
                        "There is no closing parenthesis for this function call before the end \
                         of the file. This may be caused by incorrect parenthesis nesting \
                         elsewhere in this file.",
                        name.span.to(open.span),
                    );
                    close = Some(self.recover(TokenKind::CParen));
                    break;
                }
                _ => {
                    self.error(
                        "Missing argument separator",
                        "A comma is required to separate each function argument from the next.",
                        sep.span,
                    );
                    close = Some(self.recover(TokenKind::CParen));
                    break;
                }
            }
        }
        self.pop_newlines();
        let close_span = close.map_or(self.prev_span(), |t| t.span);
        let args = take_from(self.arena, &mut self.exprs, args_from);
        let name = self.text_in_arena(full_name);
        Expr::new(
            ExprKind::FunctionCall(self.alloc(FunctionCall {
                name,
                name_span,
                args,
                expand_final,
                open_paren: open.span,
                close_paren: close_span,
            })),
            name_span.to(close_span),
        )
    }

    fn parse_tuple(&mut self) -> Expr<'s> {
        let open = self.read();
        self.push_newlines(false);
        let out = if self.at_keyword("for") {
            self.finish_for(open)
        } else {
            self.finish_tuple(open)
        };
        self.pop_newlines();
        out
    }

    fn finish_tuple(&mut self, open: Token) -> Expr<'s> {
        let items_from = self.exprs.len();
        let close = loop {
            if self.peek_kind() == TokenKind::CBrack {
                break self.read();
            }
            let before = self.error_count();
            let item = self.parse_expression();
            self.exprs.push(item);
            if self.recovery && self.error_count() > before {
                break self.recover(TokenKind::CBrack);
            }
            let next = self.peek();
            if next.kind == TokenKind::CBrack {
                break self.read();
            }
            if next.kind != TokenKind::Comma {
                if next.kind == TokenKind::Eof {
                    self.error_unless_recovering(
                        "Unterminated tuple constructor expression",
                        "There is no corresponding closing bracket before the end of the file. \
                         This may be caused by incorrect bracket nesting elsewhere in this file.",
                        open.span,
                    );
                } else {
                    self.error_unless_recovering(
                        "Missing item separator",
                        "Expected a comma to mark the beginning of the next item.",
                        next.span,
                    );
                }
                break self.recover(TokenKind::CBrack);
            }
            self.read();
        };
        let items = take_from(self.arena, &mut self.exprs, items_from);
        Expr::new(ExprKind::Tuple(items), open.span.to(close.span))
    }

    fn parse_object(&mut self) -> Expr<'s> {
        let open = self.read();
        // A `for` expression ignores line breaks from its start; an object does not.
        self.push_newlines(false);
        let is_for = self.at_keyword("for");
        self.pop_newlines();
        if is_for {
            self.push_newlines(false);
            let out = self.finish_for(open);
            self.pop_newlines();
            return out;
        }
        self.push_newlines(true);
        let out = self.finish_object(open);
        self.pop_newlines();
        out
    }

    fn finish_object(&mut self, open: Token) -> Expr<'s> {
        const UNTERMINATED: &str = "Unterminated object constructor expression";
        const UNTERMINATED_DETAIL: &str = "There is no corresponding closing brace before the end \
                                           of the file. This may be caused by incorrect brace \
                                           nesting elsewhere in this file.";
        let items_from = self.object_items.len();
        let close = loop {
            let next = self.peek();
            if next.kind == TokenKind::Newline {
                self.read();
                continue;
            }
            if next.kind == TokenKind::CBrace {
                break self.read();
            }
            let parenthesized = next.kind == TokenKind::OParen;
            let before = self.error_count();
            let key = self.parse_expression();
            if self.recovery && self.error_count() > before {
                break self.recover(TokenKind::CBrace);
            }
            let next = self.peek();
            if next.kind != TokenKind::Equal && next.kind != TokenKind::Colon {
                if !self.recovery {
                    match next.kind {
                        TokenKind::Newline | TokenKind::Comma => self.error(
                            "Missing attribute value",
                            "Expected an attribute value, introduced by an equals sign (\"=\").",
                            next.span,
                        ),
                        TokenKind::Ident => self.error(
                            "Missing key/value separator",
                            "Expected an equals sign (\"=\") to mark the beginning of the \
                             attribute value. If you intended to given an attribute name \
                             containing periods or spaces, write the name in quotes to create a \
                             string literal.",
                            next.span,
                        ),
                        TokenKind::Eof => self.error(UNTERMINATED, UNTERMINATED_DETAIL, open.span),
                        _ => self.error(
                            "Missing key/value separator",
                            "Expected an equals sign (\"=\") to mark the beginning of the \
                             attribute value.",
                            next.span,
                        ),
                    }
                }
                break self.recover(TokenKind::CBrace);
            }
            self.read();
            let before = self.error_count();
            let value = self.parse_expression();
            if self.recovery && self.error_count() > before {
                break self.recover(TokenKind::CBrace);
            }
            self.object_items.push(ObjectItem {
                key,
                parenthesized,
                value,
            });
            let next = self.peek();
            if next.kind == TokenKind::CBrace {
                break self.read();
            }
            if next.kind != TokenKind::Comma && next.kind != TokenKind::Newline {
                if next.kind == TokenKind::Eof {
                    self.error_unless_recovering(UNTERMINATED, UNTERMINATED_DETAIL, open.span);
                } else {
                    self.error_unless_recovering(
                        "Missing attribute separator",
                        "Expected a newline or comma to mark the beginning of the next attribute.",
                        next.span,
                    );
                }
                break self.recover(TokenKind::CBrace);
            }
            self.read();
        };
        let items = take_from(self.arena, &mut self.object_items, items_from);
        Expr::new(ExprKind::Object(items), open.span.to(close.span))
    }

    fn binary(&self, op: BinaryOp, op_span: Span, lhs: Expr<'s>, rhs: Expr<'s>) -> Expr<'s> {
        let span = lhs.span.to(rhs.span);
        Expr::new(
            ExprKind::Binary {
                op,
                op_span,
                lhs: self.alloc(lhs),
                rhs: self.alloc(rhs),
            },
            span,
        )
    }
}
