//! Syntax errors, worded and placed as hclsyntax words and places them.

use crate::span::{LineIndex, Pos, Span};

/// A syntax error: Terraform's summary and detail, and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The summary (`Invalid expression`).
    pub summary: String,
    /// The detail (`Expected the start of an expression, but found …`).
    pub detail: String,
    /// Where it is (HCL's "subject").
    pub span: Span,
}

impl Diagnostic {
    pub(crate) fn new(summary: impl Into<String>, detail: impl Into<String>, span: Span) -> Self {
        Diagnostic {
            summary: summary.into(),
            detail: detail.into(),
            span,
        }
    }

    /// Where the error starts and ends, as lines and columns of `text`.
    pub fn positions(&self, text: &str, lines: &LineIndex) -> (Pos, Pos) {
        (
            lines.pos(text, self.span.start as usize),
            lines.pos(text, self.span.end as usize),
        )
    }
}
