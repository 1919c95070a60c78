//! Errors for tokens that never belong in HCL, reported before any parse error (as
//! hclsyntax's `checkInvalidTokens` does), each kind only so many times.

use crate::diagnostic::Diagnostic;
use crate::token::{Token, TokenKind};

/// The errors for the invalid tokens among `tokens` of `text`.
pub(crate) fn check(text: &str, tokens: &[Token]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut bitwise = 0;
    let mut backticks = 0;
    let mut apostrophes = 0;
    let mut semicolons = 0;
    for tok in tokens {
        let mut report = |summary: &str, detail: &str| {
            out.push(Diagnostic::new(summary, detail, tok.span));
        };
        match tok.kind {
            TokenKind::BitwiseAnd
            | TokenKind::BitwiseOr
            | TokenKind::BitwiseXor
            | TokenKind::BitwiseNot
                if bitwise < 4 =>
            {
                let detail = match tok.kind {
                    TokenKind::BitwiseAnd => {
                        "Bitwise operators are not supported. Did you mean boolean AND (\"&&\")?"
                    }
                    TokenKind::BitwiseOr => {
                        "Bitwise operators are not supported. Did you mean boolean OR (\"||\")?"
                    }
                    TokenKind::BitwiseNot => {
                        "Bitwise operators are not supported. Did you mean boolean NOT (\"!\")?"
                    }
                    _ => "Bitwise operators are not supported.",
                };
                report("Unsupported operator", detail);
                bitwise += 1;
            }
            TokenKind::Backtick => {
                // Every other one: an opening backtick, not the one that closes it.
                if backticks % 2 == 0 {
                    report(
                        "Invalid character",
                        "The \"`\" character is not valid. To create a multi-line string, use \
                         the \"heredoc\" syntax, like \"<<EOT\".",
                    );
                }
                if backticks <= 2 {
                    backticks += 1;
                }
            }
            TokenKind::Apostrophe => {
                if apostrophes % 2 == 0 {
                    report(
                        "Invalid character",
                        "Single quotes are not valid. Use double quotes (\") to enclose strings.",
                    );
                }
                if apostrophes <= 2 {
                    apostrophes += 1;
                }
            }
            TokenKind::Semicolon if semicolons < 1 => {
                report(
                    "Invalid character",
                    "The \";\" character is not valid. Use newlines to separate arguments and \
                     blocks, and commas to separate items in collection values.",
                );
                semicolons += 1;
            }
            TokenKind::QuotedNewline => report(
                "Invalid multi-line string",
                "Quoted strings may not be split over multiple lines. To produce a multi-line \
                 string, either use the \\n escape to represent a newline character or use the \
                 \"heredoc\" multi-line template syntax.",
            ),
            TokenKind::Invalid => match &text[tok.span.range()] {
                "\u{201C}" | "\u{201D}" => report(
                    "Invalid character",
                    "\"Curly quotes\" are not valid here. These can sometimes be inadvertently \
                     introduced when sharing code via documents or discussion forums. It might \
                     help to replace the character with a \"straight quote\".",
                ),
                _ => report(
                    "Invalid character",
                    "This character is not used within the language.",
                ),
            },
            _ => {}
        }
    }
    out
}
