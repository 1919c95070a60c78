//! What may follow a term: `.name`, `.0` (the legacy index), `[key]`, and the splats `.*`
//! and `[*]`.

use super::{List, Parser};
use crate::ast::{Expr, ExprKind, Step, StepKind};
use crate::span::Span;
use crate::token::TokenKind;

const INVALID_NAME: &str = "Invalid attribute name";
const INVALID_NAME_DETAIL: &str = "An attribute name is required after a dot.";

/// Adds a static step after `ret`: to its own traversal, or starting a relative traversal on
/// it, which nests the tree one level deeper.
fn add_step<'s>(
    ret: &Expr<'s>,
    steps: &mut List<'s, Step<'s>>,
    step: Step<'s>,
    wrapped: &mut usize,
) {
    let extends = matches!(
        ret.kind,
        ExprKind::ScopeTraversal { .. } | ExprKind::RelativeTraversal { .. }
    );
    if steps.is_empty() && !extends {
        *wrapped += 1;
    }
    steps.push(step);
}

impl<'s> Parser<'s> {
    /// The traversal steps after `from`.
    pub(super) fn parse_traversals(&mut self, from: Expr<'s>) -> Expr<'s> {
        let origin = from.span;
        let mut ret = from;
        // Static steps read after `ret` and not yet joined to it (see `join_steps`).
        let mut steps: List<'s, Step<'s>> = self.list();
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
                            add_step(&ret, &mut steps, step, &mut wrapped);
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
                            add_step(&ret, &mut steps, step, &mut wrapped);
                        }
                        TokenKind::Star => {
                            ret = self.join_steps(ret, &mut steps);
                            ret = self.parse_attribute_splat(ret, origin, dot.span, name.span);
                            wrapped += 1;
                        }
                        _ => {
                            self.error(INVALID_NAME, INVALID_NAME_DETAIL, name.span);
                            steps.clear();
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
                        ret = self.join_steps(ret, &mut steps);
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
                            add_step(&ret, &mut steps, step, &mut wrapped);
                        } else {
                            ret = self.join_steps(ret, &mut steps);
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
        self.join_steps(ret, &mut steps)
    }

    /// `ret` with the static `steps` read after it (which are taken): the steps of its own
    /// traversal and then these, or a relative traversal on `ret`.
    fn join_steps(&self, ret: Expr<'s>, steps: &mut List<'s, Step<'s>>) -> Expr<'s> {
        let Some(last) = steps.last() else {
            return ret;
        };
        let span = ret.span.to(last.span);
        let joined = |before: &[Step<'s>], steps: &mut List<'s, Step<'s>>| {
            steps.splice(0..0, before.iter().copied());
            self.slice(std::mem::replace(steps, self.list()))
        };
        let kind = match ret.kind {
            ExprKind::ScopeTraversal {
                root,
                root_span,
                steps: before,
            } => ExprKind::ScopeTraversal {
                root,
                root_span,
                steps: joined(before, steps),
            },
            ExprKind::RelativeTraversal {
                source,
                steps: before,
            } => ExprKind::RelativeTraversal {
                source,
                steps: joined(before, steps),
            },
            _ => ExprKind::RelativeTraversal {
                source: self.alloc(ret),
                steps: self.slice(std::mem::replace(steps, self.list())),
            },
        };
        Expr::new(kind, span)
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
        let mut steps = self.list();
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
                    steps.push(Step {
                        kind: StepKind::LegacyIndex(text),
                        span: step_dot.span.to(num.span),
                    });
                    last = num.span;
                }
                TokenKind::Ident => {
                    let name = self.read();
                    steps.push(Step {
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
        let each = if steps.is_empty() {
            item
        } else {
            Expr::new(
                ExprKind::RelativeTraversal {
                    source: self.alloc(item),
                    steps: self.slice(steps),
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
