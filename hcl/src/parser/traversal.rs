//! What may follow a term: `.name`, `.0` (the legacy index), `[key]`, and the splats `.*`
//! and `[*]`.

use super::{take_from, Parser};
use crate::ast::{Expr, ExprKind, Step, StepKind};
use crate::span::Span;
use crate::token::TokenKind;

const INVALID_NAME: &str = "Invalid attribute name";
const INVALID_NAME_DETAIL: &str = "An attribute name is required after a dot.";

impl<'s> Parser<'s> {
    /// Adds a static step after `ret` to the steps pending since `from`: they extend its own
    /// traversal, or start a relative traversal on it, which nests the tree one level deeper.
    fn add_step(&mut self, ret: &Expr<'s>, from: usize, step: Step<'s>, wrapped: &mut usize) {
        let extends = matches!(
            ret.kind,
            ExprKind::ScopeTraversal { .. } | ExprKind::RelativeTraversal { .. }
        );
        if self.steps.len() == from && !extends {
            *wrapped += 1;
        }
        self.steps.push(step);
    }

    /// The traversal steps after `from`.
    pub(super) fn parse_traversals(&mut self, from: Expr<'s>) -> Expr<'s> {
        let origin = from.span;
        let mut ret = from;
        // Static steps read after `ret` and not yet joined to it (see `join_steps`).
        let steps = self.steps.len();
        // Steps that wrap `ret` in a new node deepen the tree.
        let mut wrapped = 0;
        loop {
            match self.peek_kind() {
                TokenKind::Dot => {
                    let dot = self.read();
                    let name = self.peek();
                    match name.kind {
                        TokenKind::Ident => {
                            self.read();
                            let step = Step {
                                kind: StepKind::Attr(self.text_of(name)),
                                span: dot.span.to(name.span),
                            };
                            self.add_step(&ret, steps, step, &mut wrapped);
                        }
                        TokenKind::NumberLit => {
                            let num = self.read();
                            let text = self.text_of(num);
                            if let Some(dot_at) = text.find('.') {
                                self.error(
                                    "Invalid legacy index syntax",
                                    format!(
                                        "When using the legacy index syntax, chaining two indexes \
                                         together is not permitted. Use the proper index syntax \
                                         instead, like [{}][{}].",
                                        &text[..dot_at],
                                        &text[dot_at + 1..]
                                    ),
                                    num.span,
                                );
                            }
                            let step = Step {
                                kind: StepKind::LegacyIndex(text),
                                span: dot.span.to(num.span),
                            };
                            self.add_step(&ret, steps, step, &mut wrapped);
                        }
                        TokenKind::Star => {
                            ret = self.join_steps(ret, steps);
                            ret = self.parse_attribute_splat(ret, origin, dot.span, name.span);
                            wrapped += 1;
                        }
                        _ => {
                            self.error(INVALID_NAME, INVALID_NAME_DETAIL, name.span);
                            self.steps.truncate(steps);
                            ret = Self::invalid(origin.to(dot.span));
                            self.set_recovery();
                        }
                    }
                }
                TokenKind::OBrack => {
                    let open = self.read();
                    if self.peek_kind() == TokenKind::Star {
                        self.read();
                        let mut close = self.read();
                        if close.kind != TokenKind::CBrack && !self.recovery {
                            // hclsyntax places this error where recovery stops: at the `]`
                            // it skips to, or the end of the file.
                            close = self.recover(TokenKind::CBrack);
                            self.error(
                                "Missing close bracket on splat index",
                                "The star for a full splat operator must be immediately followed \
                                 by a closing bracket (\"]\").",
                                close.span,
                            );
                        }
                        let marker = open.span.to(close.span);
                        ret = self.join_steps(ret, steps);
                        if !self.enter(marker) {
                            return ret;
                        }
                        // The rest of the traversal applies to each element.
                        let each = self.parse_traversals(Expr::new(ExprKind::SplatItem, marker));
                        self.leave();
                        let span = origin.to(each.span);
                        ret = Expr::new(
                            ExprKind::Splat {
                                source: self.alloc(ret),
                                each: self.alloc(each),
                                marker,
                            },
                            span,
                        );
                        wrapped += 1;
                    } else {
                        self.push_newlines(false);
                        let before = self.error_count();
                        let key = self.parse_expression();
                        let close = if self.recovery && self.error_count() > before {
                            self.recover(TokenKind::CBrack)
                        } else {
                            let close = self.read();
                            if close.kind != TokenKind::CBrack && !self.recovery {
                                // Placed where recovery stops, as hclsyntax places it.
                                let close = self.recover(TokenKind::CBrack);
                                self.error(
                                    "Missing close bracket on index",
                                    "The index operator must end with a closing bracket (\"]\").",
                                    close.span,
                                );
                                close
                            } else {
                                close
                            }
                        };
                        self.pop_newlines();
                        let bracket = open.span.to(close.span);
                        if is_literal_key(&key) {
                            let step = Step {
                                kind: StepKind::Index(self.alloc(key)),
                                span: bracket,
                            };
                            self.add_step(&ret, steps, step, &mut wrapped);
                        } else {
                            ret = self.join_steps(ret, steps);
                            ret = Expr::new(
                                ExprKind::Index {
                                    collection: self.alloc(ret),
                                    key: self.alloc(key),
                                    bracket,
                                },
                                origin.to(bracket),
                            );
                            wrapped += 1;
                        }
                    }
                }
                _ => break,
            }
            if wrapped > 0 && self.depth + wrapped > super::MAX_NESTING {
                let at = self.prev_span();
                self.enter_past_limit(at);
                break;
            }
        }
        self.join_steps(ret, steps)
    }

    /// `ret` with the static steps pending since `from` (which are taken): the steps of its own
    /// traversal and then these, or a relative traversal on `ret`.
    #[inline]
    fn join_steps(&mut self, ret: Expr<'s>, from: usize) -> Expr<'s> {
        if self.steps.len() == from {
            return ret;
        }
        self.join_pending_steps(ret, from)
    }

    /// [`Parser::join_steps`] when there are steps pending.
    fn join_pending_steps(&mut self, ret: Expr<'s>, from: usize) -> Expr<'s> {
        let Some(last) = self.steps[from..].last() else {
            return ret;
        };
        let span = ret.span.to(last.span);
        let kind = match ret.kind {
            ExprKind::ScopeTraversal {
                root,
                root_span,
                steps: before,
            } => ExprKind::ScopeTraversal {
                root,
                root_span,
                steps: self.take_steps_after(before, from),
            },
            ExprKind::RelativeTraversal {
                source,
                steps: before,
            } => ExprKind::RelativeTraversal {
                source,
                steps: self.take_steps_after(before, from),
            },
            _ => ExprKind::RelativeTraversal {
                source: self.alloc(ret),
                steps: take_from(self.arena, &mut self.steps, from),
            },
        };
        Expr::new(kind, span)
    }

    /// `before`, then the steps pending since `from` (which are taken), in the arena.
    fn take_steps_after(&mut self, before: &[Step<'s>], from: usize) -> &'s [Step<'s>] {
        let pending = &self.steps[from..];
        let joined =
            self.arena
                .alloc_slice_fill_with(before.len() + pending.len(), |i| match before.get(i) {
                    Some(&step) => step,
                    None => pending[i - before.len()],
                });
        self.steps.truncate(from);
        joined
    }

    /// `.*` and the attribute steps (and legacy indexes) after it, which apply to each element.
    fn parse_attribute_splat(
        &mut self,
        source: Expr<'s>,
        origin: Span,
        dot: Span,
        star: Span,
    ) -> Expr<'s> {
        self.read(); // `*`
        let steps = self.steps.len();
        let first = self.peek().span;
        let mut last = star;
        while self.peek_kind() == TokenKind::Dot {
            let step_dot = self.read();
            let next = self.peek();
            match next.kind {
                TokenKind::NumberLit => {
                    let num = self.read();
                    let text = self.text_of(num);
                    if let Some(dot_at) = text.find('.') {
                        // HCL reports this at the splat's star.
                        self.error(
                            "Invalid legacy index syntax",
                            format!(
                                "When using the legacy index syntax, chaining two indexes \
                                 together is not permitted. Use the proper index syntax with a \
                                 full splat expression [*] instead, like [{}][{}].",
                                &text[..dot_at],
                                &text[dot_at + 1..]
                            ),
                            star,
                        );
                    }
                    self.steps.push(Step {
                        kind: StepKind::LegacyIndex(text),
                        span: step_dot.span.to(num.span),
                    });
                    last = num.span;
                }
                TokenKind::Ident => {
                    let name = self.read();
                    self.steps.push(Step {
                        kind: StepKind::Attr(self.text_of(name)),
                        span: step_dot.span.to(name.span),
                    });
                    last = name.span;
                }
                kind => {
                    if !self.recovery {
                        if kind == TokenKind::Star {
                            self.error(
                                "Nested splat expression not allowed",
                                "A splat expression (*) cannot be used inside another \
                                 attribute-only splat expression.",
                                next.span,
                            );
                        } else {
                            // HCL reports this at the splat's star.
                            self.error(INVALID_NAME, INVALID_NAME_DETAIL, star);
                        }
                    }
                    self.set_recovery();
                    break;
                }
            }
        }
        let marker = dot.to(star);
        let item = Expr::new(ExprKind::SplatItem, marker);
        let each = if self.steps.len() == steps {
            item
        } else {
            Expr::new(
                ExprKind::RelativeTraversal {
                    source: self.alloc(item),
                    steps: take_from(self.arena, &mut self.steps, steps),
                },
                first.to(last),
            )
        };
        Expr::new(
            ExprKind::Splat {
                source: self.alloc(source),
                each: self.alloc(each),
                marker,
            },
            origin.to(last),
        )
    }

    /// Reports that the tree would nest too deeply here.
    fn enter_past_limit(&mut self, at: Span) {
        let depth = self.depth;
        self.depth = super::MAX_NESTING;
        self.enter(at);
        self.depth = depth;
    }
}

/// Keys that make a static index step: literals and strings without interpolation.
fn is_literal_key(key: &Expr<'_>) -> bool {
    match &key.kind {
        ExprKind::Null | ExprKind::Bool(_) | ExprKind::Number(_) | ExprKind::Invalid => true,
        ExprKind::Template(_) => key.as_string_literal().is_some(),
        _ => false,
    }
}
