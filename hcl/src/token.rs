//! Tokens: what the lexer cuts a text into, each a kind and a byte range.

use crate::span::Span;

/// The kinds of token HCL's scanner produces. Some are never valid in the language but are
/// recognised so that the parser can say what is wrong (`;`, `'`, a lone `&`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TokenKind {
    /// `{`
    OBrace,
    /// `}`
    CBrace,
    /// `[`
    OBrack,
    /// `]`
    CBrack,
    /// `(`
    OParen,
    /// `)`
    CParen,
    /// The `"` opening a quoted template.
    OQuote,
    /// The `"` closing a quoted template.
    CQuote,
    /// `<<EOT` or `<<-EOT` and the line break after it.
    OHeredoc,
    /// The line holding a heredoc's closing marker, without its line break.
    CHeredoc,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `%`
    Percent,
    /// `=`
    Equal,
    /// `==`
    EqualOp,
    /// `!=`
    NotEqual,
    /// `<`
    LessThan,
    /// `<=`
    LessThanEq,
    /// `>`
    GreaterThan,
    /// `>=`
    GreaterThanEq,
    /// `&&`
    And,
    /// `||`
    Or,
    /// `!`
    Bang,
    /// `.`
    Dot,
    /// `,`
    Comma,
    /// `::`
    DoubleColon,
    /// `...`
    Ellipsis,
    /// `=>`
    FatArrow,
    /// `?`
    Question,
    /// `:`
    Colon,
    /// `${` or `${~`
    TemplateInterp,
    /// `%{` or `%{~`
    TemplateControl,
    /// The `}` or `~}` ending a template sequence.
    TemplateSeqEnd,
    /// Literal text of a quoted template, which may hold backslash escapes.
    QuotedLit,
    /// Literal text of a heredoc or bare template: no backslash escapes.
    StringLit,
    /// A number literal.
    NumberLit,
    /// An identifier (keywords included).
    Ident,
    /// A comment; a `#` or `//` comment includes its line break.
    Comment,
    /// A line break (`\n` or `\r\n`).
    Newline,
    /// The end of the text (an empty range there).
    Eof,
    /// `&`
    BitwiseAnd,
    /// `|`
    BitwiseOr,
    /// `~`
    BitwiseNot,
    /// `^`
    BitwiseXor,
    /// `'`
    Apostrophe,
    /// `` ` ``
    Backtick,
    /// `;`
    Semicolon,
    /// A character that has no place in the language.
    Invalid,
    /// Line breaks inside a quoted template.
    QuotedNewline,
}

/// A token: its kind and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Where it is, in bytes of the text.
    pub span: Span,
}

impl Token {
    /// The token's text.
    pub fn text<'s>(&self, source: &'s str) -> &'s str {
        &source[self.span.range()]
    }
}

impl TokenKind {
    /// The bracket that closes or opens this one, for the kinds that come in pairs.
    pub(crate) fn opposite(self) -> Option<TokenKind> {
        use TokenKind::*;
        Some(match self {
            OBrace => CBrace,
            CBrace => OBrace,
            OBrack => CBrack,
            CBrack => OBrack,
            OParen => CParen,
            CParen => OParen,
            OQuote => CQuote,
            CQuote => OQuote,
            OHeredoc => CHeredoc,
            CHeredoc => OHeredoc,
            TemplateInterp | TemplateControl => TemplateSeqEnd,
            TemplateSeqEnd => TemplateInterp,
            _ => return None,
        })
    }
}
