//! `for` expressions: `[for v in c : x]` and `{for k, v in c : k => x... if cond}`.

use super::Parser;
use crate::ast::{Expr, ExprKind, ForExpr};
use crate::token::{Token, TokenKind};

const INVALID_FOR: &str = "Invalid 'for' expression";

impl<'s> Parser<'s> {
    /// The rest of a `for` expression after its opening bracket; the next token is `for`.
    /// Line breaks are ignored throughout (the caller has said so).
    pub(super) fn finish_for(&mut self, open: Token) -> Expr<'s> {
        self.read(); // `for`
        let object = open.kind == TokenKind::OBrace;
        let close_kind = if object {
            TokenKind::CBrace
        } else {
            TokenKind::CBrack
        };

        if self.peek_kind() != TokenKind::Ident {
            return self.abandon_for(
                open,
                close_kind,
                "For expression requires variable name after 'for'.",
            );
        }
        let first = self.read();
        let mut value_var = self.text_of(first);
        let mut key_var = None;
        if self.peek_kind() == TokenKind::Comma {
            key_var = Some(value_var);
            self.read();
            if self.peek_kind() != TokenKind::Ident {
                return self.abandon_for(
                    open,
                    close_kind,
                    "For expression requires value variable name after comma.",
                );
            }
            let second = self.read();
            value_var = self.text_of(second);
        }
        if !self.at_keyword("in") {
            return self.abandon_for(
                open,
                close_kind,
                "For expression requires the 'in' keyword after its name declarations.",
            );
        }
        self.read();

        let before = self.error_count();
        let collection = self.parse_expression();
        if self.recovery && self.error_count() > before {
            return self.recovered_for(open, close_kind);
        }
        if self.peek_kind() != TokenKind::Colon {
            return self.abandon_for(
                open,
                close_kind,
                "For expression requires a colon after the collection expression.",
            );
        }
        self.read();

        let before = self.error_count();
        let mut value = self.parse_expression();
        let mut key = None;
        if self.peek_kind() == TokenKind::FatArrow {
            self.read();
            key = Some(value);
            value = self.parse_expression();
        }
        if self.recovery && self.error_count() > before {
            return self.recovered_for(open, close_kind);
        }

        let mut ellipsis = None;
        if self.peek_kind() == TokenKind::Ellipsis {
            ellipsis = Some(self.read());
        }

        let mut condition = None;
        if self.at_keyword("if") {
            self.read();
            let before = self.error_count();
            let c = self.parse_expression();
            if self.recovery && self.error_count() > before {
                return self.recovered_for(open, close_kind);
            }
            condition = Some(c);
        }

        let close = if self.peek_kind() == close_kind {
            self.read()
        } else {
            let at = self.peek().span;
            self.error_unless_recovering(
                INVALID_FOR,
                "Extra characters after the end of the 'for' expression.",
                at,
            );
            self.recover(close_kind)
        };

        if object {
            if key.is_none() {
                self.error(
                    INVALID_FOR,
                    "Key expression is required when building an object.",
                    value.span,
                );
            }
        } else {
            if let Some(k) = &key {
                let at = k.span;
                self.error(
                    INVALID_FOR,
                    "Key expression is not valid when building a tuple.",
                    at,
                );
            }
            if let Some(e) = ellipsis {
                self.error(
                    INVALID_FOR,
                    "Grouping ellipsis (...) cannot be used when building a tuple.",
                    e.span,
                );
            }
        }

        Expr::new(
            ExprKind::For(self.alloc(ForExpr {
                key_var,
                value_var,
                collection,
                key,
                value,
                condition,
                grouping: ellipsis.is_some(),
                object,
            })),
            open.span.to(close.span),
        )
    }

    /// Reports `detail` at the next token and skips to the end of the `for` expression.
    fn abandon_for(&mut self, open: Token, close_kind: TokenKind, detail: &str) -> Expr<'s> {
        let at = self.peek().span;
        self.error_unless_recovering(INVALID_FOR, detail, at);
        self.recovered_for(open, close_kind)
    }

    fn recovered_for(&mut self, open: Token, close_kind: TokenKind) -> Expr<'s> {
        let close = self.recover(close_kind);
        Self::invalid(open.span.to(close.span))
    }
}
