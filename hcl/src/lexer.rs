//! The lexer: HCL text to tokens, as hclsyntax's scanner cuts it.
//!
//! The scanner never fails: whatever has no place in the language becomes an
//! [`TokenKind::Invalid`] (or another token the parser words an error for). It runs in modes,
//! kept on a stack: expressions, the inside of a quoted string, of a heredoc, and of a bare
//! template; a `${`/`%{` sequence inside a template returns to the expression mode until its
//! closing brace.

use unicode_xid::UnicodeXID;

use crate::span::Span;
use crate::token::{Token, TokenKind};

/// What the lexer starts reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start {
    /// A configuration file or an expression.
    Expression,
    /// A bare template (the text of a `.tf.json` string, a template file).
    Template,
}

/// Cuts `text` into tokens, ending with one [`TokenKind::Eof`]. A UTF-8 byte order mark at
/// the start is skipped.
pub fn lex(text: &str, start: Start) -> Vec<Token> {
    lex_flagged(text, start).0
}

/// [`lex`], and whether a token was made that is reported on (see
/// [`crate::invalid_tokens::check`]): a bitwise operator, a stray character or an invalid one,
/// a line break in a quoted string. When none was, there is nothing to check.
pub(crate) fn lex_flagged(text: &str, start: Start) -> (Vec<Token>, bool) {
    let mut lexer = Lexer::new(text, 0, start);
    if text.starts_with('\u{feff}') {
        lexer.pos = 3;
    }
    lexer.run();
    (lexer.tokens, lexer.flagged)
}

/// The tokens of the part `range` of a configuration file, lexed on their own as if the part
/// began a file (their spans are offsets in the whole `text`), ending with an
/// [`TokenKind::Eof`] at the part's end, and whether a token was flagged as in
/// [`lex_flagged`]. `None` unless the lexer ends the part as it starts a file (outside every
/// string, heredoc, template sequence and brace) and its last token ends the part with a line
/// break: only then are the tokens of the text after the part those lexed from its end.
pub(crate) fn lex_part(text: &str, range: std::ops::Range<usize>) -> Option<(Vec<Token>, bool)> {
    let mut lexer = Lexer::new(&text[..range.end], range.start, Start::Expression);
    if range.start == 0 && text.starts_with('\u{feff}') {
        lexer.pos = 3;
    }
    lexer.run();
    let settled = lexer.modes == [Mode::Expression]
        && lexer.braces == 0
        && lexer.sequence_braces.is_empty()
        && lexer.heredocs.is_empty();
    let ends_line = range.end == text.len()
        || (text.as_bytes()[range.end - 1] == b'\n'
            && lexer
                .tokens
                .iter()
                .rev()
                .nth(1)
                .map(|t| t.span.end as usize)
                == Some(range.end));
    (settled && ends_line).then_some((lexer.tokens, lexer.flagged))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Expression,
    Quoted,
    Heredoc,
    Bare,
}

/// A heredoc being read: its closing marker, and whether the next literal starts a line.
struct Heredoc {
    marker: Span,
    start_of_line: bool,
}

struct Lexer<'t> {
    text: &'t [u8],
    pos: usize,
    tokens: Vec<Token>,
    modes: Vec<Mode>,
    /// Braces open (`{`, `${`, `%{`) minus closed, as HCL's scanner counts them.
    braces: i64,
    /// The brace count at which each open template sequence ends.
    sequence_braces: Vec<i64>,
    heredocs: Vec<Heredoc>,
    /// Whether a token [`crate::invalid_tokens::check`] reports on was made.
    flagged: bool,
}

/// The bytes that continue an identifier by themselves: ASCII letters, digits, `_` and `-`
/// (non-ASCII characters are looked up by code point).
const ASCII_ID_CONTINUE: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
        b += 1;
    }
    table
};

impl<'t> Lexer<'t> {
    /// A lexer at `pos` of `text`, in the mode `start` begins with.
    fn new(text: &'t str, pos: usize, start: Start) -> Lexer<'t> {
        Lexer {
            text: text.as_bytes(),
            pos,
            // A configuration has a token every four bytes or so (3.9 in a module of deep
            // types, 5 in a plain one): room for one every three spares the copy of growing
            // the vector.
            tokens: Vec::with_capacity((text.len() - pos) / 3 + 4),
            modes: vec![match start {
                Start::Expression => Mode::Expression,
                Start::Template => Mode::Bare,
            }],
            braces: 0,
            sequence_braces: Vec::new(),
            heredocs: Vec::new(),
            flagged: false,
        }
    }

    fn run(&mut self) {
        while self.pos < self.text.len() {
            let mode = *self.modes.last().unwrap_or(&Mode::Expression);
            let done = match mode {
                Mode::Expression => {
                    // Until a token enters or leaves a mode, the lexer stays in this one.
                    while !self.expression_token() && self.pos < self.text.len() {}
                    false
                }
                Mode::Quoted => {
                    self.quoted_token();
                    false
                }
                Mode::Heredoc => self.heredoc_token(),
                Mode::Bare => self.bare_token(),
            };
            if done {
                break;
            }
        }
        let end = self.text.len();
        self.tokens.push(Token {
            kind: TokenKind::Eof,
            span: Span::new(end, end),
        });
    }

    fn emit(&mut self, kind: TokenKind, start: usize, end: usize) {
        use TokenKind::*;
        self.flagged |= matches!(
            kind,
            BitwiseAnd
                | BitwiseOr
                | BitwiseNot
                | BitwiseXor
                | Apostrophe
                | Backtick
                | Semicolon
                | Invalid
                | QuotedNewline
        );
        self.tokens.push(Token {
            kind,
            span: Span::new(start, end),
        });
        self.pos = end;
    }

    fn peek(&self, ahead: usize) -> Option<u8> {
        self.text.get(self.pos + ahead).copied()
    }

    /// The length of the UTF-8 character at `at`.
    fn char_len(&self, at: usize) -> usize {
        match self.text[at] {
            b if b < 0x80 => 1,
            b if b >= 0xF0 => 4,
            b if b >= 0xE0 => 3,
            _ => 2,
        }
        .min(self.text.len() - at)
    }

    fn char_at(&self, at: usize) -> Option<char> {
        let len = self.char_len(at);
        std::str::from_utf8(&self.text[at..at + len])
            .ok()?
            .chars()
            .next()
    }

    /// A `${` or `%{` (with an optional `~`) at the current position: enters the sequence.
    fn template_sequence(&mut self) -> bool {
        let (Some(first), Some(b'{')) = (self.peek(0), self.peek(1)) else {
            return false;
        };
        let kind = match first {
            b'$' => TokenKind::TemplateInterp,
            b'%' => TokenKind::TemplateControl,
            _ => return false,
        };
        let len = if self.peek(2) == Some(b'~') { 3 } else { 2 };
        let start = self.pos;
        self.emit(kind, start, start + len);
        self.braces += 1;
        self.sequence_braces.push(self.braces);
        if let Some(h) = self.heredocs.last_mut() {
            h.start_of_line = false;
        }
        self.modes.push(Mode::Expression);
        true
    }

    /// Ends the current mode (HCL's `fret`); the outermost one stays.
    fn leave(&mut self) {
        if self.modes.len() > 1 {
            self.modes.pop();
        }
    }

    /// One token of an expression (or none, at blanks that end the text); `true` when it may
    /// have entered or left a mode.
    fn expression_token(&mut self) -> bool {
        use TokenKind::*;
        let mut start = self.pos;
        // Spaces and tabs make no token.
        while matches!(self.text.get(start), Some(b' ' | b'\t')) {
            start += 1;
        }
        let Some(&b) = self.text.get(start) else {
            self.pos = start;
            return false;
        };
        self.pos = start;
        let single = |kind| (kind, 1usize);
        let (kind, len) = match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                // An ASCII identifier, unless a non-ASCII character continues it.
                let rest = &self.text[start + 1..];
                match rest.iter().position(|&c| !ASCII_ID_CONTINUE[c as usize]) {
                    Some(i) if rest[i] < 0x80 => (Ident, i + 1),
                    None => (Ident, rest.len() + 1),
                    Some(_) => match self.ident_len(start) {
                        Some(len) => (Ident, len),
                        None => (Invalid, self.char_len(start)),
                    },
                }
            }
            b'0'..=b'9' => (NumberLit, self.number_len()),
            b'#' => (Comment, self.line_comment_len()),
            b'/' => match self.peek(1) {
                Some(b'/') => (Comment, self.line_comment_len()),
                Some(b'*') => match find(&self.text[start + 2..], b"*/") {
                    Some(i) => (Comment, i + 4),
                    None => single(Slash),
                },
                _ => single(Slash),
            },
            b'\n' => single(Newline),
            b'\r' if self.peek(1) == Some(b'\n') => (Newline, 2),
            b'=' => match self.peek(1) {
                Some(b'=') => (EqualOp, 2),
                Some(b'>') => (FatArrow, 2),
                _ => single(Equal),
            },
            b'!' if self.peek(1) == Some(b'=') => (NotEqual, 2),
            b'!' => single(Bang),
            b'>' if self.peek(1) == Some(b'=') => (GreaterThanEq, 2),
            b'>' => single(GreaterThan),
            b'<' => {
                if let Some(len) = self.heredoc_opener_len() {
                    self.open_heredoc(len);
                    return true;
                }
                if self.peek(1) == Some(b'=') {
                    (LessThanEq, 2)
                } else {
                    single(LessThan)
                }
            }
            b'&' if self.peek(1) == Some(b'&') => (And, 2),
            b'&' => single(BitwiseAnd),
            b'|' if self.peek(1) == Some(b'|') => (Or, 2),
            b'|' => single(BitwiseOr),
            b':' if self.peek(1) == Some(b':') => (DoubleColon, 2),
            b':' => single(Colon),
            b'.' if self.peek(1) == Some(b'.') && self.peek(2) == Some(b'.') => (Ellipsis, 3),
            b'.' => single(Dot),
            b'~' if self.peek(1) == Some(b'}') => {
                self.close_brace(start, 2, true);
                return true;
            }
            b'~' => single(BitwiseNot),
            b'{' => {
                self.braces += 1;
                single(OBrace)
            }
            b'}' => {
                self.close_brace(start, 1, false);
                return true;
            }
            b'"' => {
                self.emit(OQuote, start, start + 1);
                self.modes.push(Mode::Quoted);
                return true;
            }
            b'[' => single(OBrack),
            b']' => single(CBrack),
            b'(' => single(OParen),
            b')' => single(CParen),
            b',' => single(Comma),
            b'*' => single(Star),
            b'%' => single(Percent),
            b'+' => single(Plus),
            b'-' => single(Minus),
            b'?' => single(Question),
            b'^' => single(BitwiseXor),
            b';' => single(Semicolon),
            b'`' => single(Backtick),
            b'\'' => single(Apostrophe),
            _ => match self.ident_len(start) {
                Some(len) => (Ident, len),
                None => (Invalid, self.char_len(start)),
            },
        };
        self.emit(kind, start, start + len);
        false
    }

    /// `}` or `~}`: the end of a template sequence when the braces balance back to where it
    /// opened, a plain closing brace otherwise. `~}` is always a sequence end, which the
    /// parser rejects where a brace was meant.
    fn close_brace(&mut self, start: usize, len: usize, tilde: bool) {
        if self.sequence_braces.last() == Some(&self.braces) {
            self.sequence_braces.pop();
            self.braces -= 1;
            self.emit(TokenKind::TemplateSeqEnd, start, start + len);
            self.leave();
            return;
        }
        self.braces -= 1;
        let kind = if tilde {
            TokenKind::TemplateSeqEnd
        } else {
            TokenKind::CBrace
        };
        self.emit(kind, start, start + len);
    }

    /// A number literal: a digit, then digits, `.` and exponents (`e`, `E`, a sign, a digit),
    /// not ending with `.`.
    fn number_len(&self) -> usize {
        let t = self.text;
        let start = self.pos;
        let mut i = start + 1;
        let mut end = i;
        loop {
            match t.get(i) {
                Some(b'0'..=b'9') => {
                    i += 1;
                    end = i;
                }
                Some(b'.') => i += 1,
                Some(b'e' | b'E') => {
                    let mut j = i + 1;
                    if matches!(t.get(j), Some(b'+' | b'-')) {
                        j += 1;
                    }
                    if !matches!(t.get(j), Some(b'0'..=b'9')) {
                        break;
                    }
                    i = j + 1;
                    end = i;
                }
                _ => break,
            }
        }
        end - start
    }

    /// A `#` or `//` comment, through its line break when there is one.
    fn line_comment_len(&self) -> usize {
        let rest = &self.text[self.pos..];
        match rest.iter().position(|&b| b == b'\n') {
            Some(i) => i + 1,
            None => rest.len(),
        }
    }

    /// The length of the identifier at `at`: a start character or `_`, then continue
    /// characters or `-`.
    fn ident_len(&self, at: usize) -> Option<usize> {
        let mut end = match *self.text.get(at)? {
            b if b.is_ascii_alphabetic() || b == b'_' => at + 1,
            b if b < 0x80 => return None,
            _ => {
                let first = self.char_at(at)?;
                if !is_id_start(first) {
                    return None;
                }
                at + first.len_utf8()
            }
        };
        while end < self.text.len() {
            let b = self.text[end];
            if ASCII_ID_CONTINUE[b as usize] {
                end += 1;
                continue;
            }
            if b < 0x80 {
                break;
            }
            match self.char_at(end) {
                Some(c) if is_id_continue(c) => end += c.len_utf8(),
                _ => break,
            }
        }
        Some(end - at)
    }

    /// `<<` or `<<-`, an identifier and a line break: the length of the opener.
    fn heredoc_opener_len(&self) -> Option<usize> {
        if self.peek(1) != Some(b'<') {
            return None;
        }
        let mut at = self.pos + 2;
        if self.text.get(at) == Some(&b'-') {
            at += 1;
        }
        if at >= self.text.len() {
            return None;
        }
        at += self.ident_len(at)?;
        match self.text.get(at) {
            Some(b'\n') => Some(at + 1 - self.pos),
            Some(b'\r') if self.text.get(at + 1) == Some(&b'\n') => Some(at + 2 - self.pos),
            _ => None,
        }
    }

    fn open_heredoc(&mut self, len: usize) {
        let start = self.pos;
        let mut marker_start = start + 2;
        if self.text[marker_start] == b'-' {
            marker_start += 1;
        }
        let mut marker_end = start + len - 1;
        if self.text[marker_end - 1] == b'\r' {
            marker_end -= 1;
        }
        self.emit(TokenKind::OHeredoc, start, start + len);
        self.heredocs.push(Heredoc {
            marker: Span::new(marker_start, marker_end),
            start_of_line: true,
        });
        self.modes.push(Mode::Heredoc);
    }

    fn quoted_token(&mut self) {
        use TokenKind::*;
        let start = self.pos;
        if self.template_sequence() {
            return;
        }
        let t = self.text;
        match t[start] {
            b'"' => {
                self.emit(CQuote, start, start + 1);
                self.leave();
            }
            b'\r' | b'\n' => {
                let mut end = start + 1;
                while matches!(t.get(end), Some(b'\r' | b'\n')) {
                    end += 1;
                }
                self.emit(QuotedNewline, start, end);
            }
            b'$' | b'%' => match self.escape_or_sign_len() {
                Some(len) => self.emit(QuotedLit, start, start + len),
                None => self.emit(Invalid, start, start + 1),
            },
            _ => {
                // Ordinary characters and backslash escapes (a backslash and the character
                // after it, unless that is a line break).
                let mut end = start;
                while end < t.len() {
                    match t[end] {
                        b'$' | b'%' | b'"' | b'\r' | b'\n' => break,
                        b'\\' => match t.get(end + 1) {
                            Some(b'\r' | b'\n') | None => break,
                            Some(_) => end += 1 + self.char_len(end + 1),
                        },
                        _ => end += 1,
                    }
                }
                if end > start {
                    self.emit(QuotedLit, start, end);
                } else {
                    // A backslash before a line break or the end of the text.
                    self.emit(Invalid, start, start + 1);
                }
            }
        }
    }

    /// At a `$` or `%` that does not start a sequence: `$${`/`%%{` (with an optional `~`),
    /// an escaped sequence opener, or the sign alone when another character follows; `None`
    /// at the end of the text.
    fn escape_or_sign_len(&self) -> Option<usize> {
        let sign = self.peek(0)?;
        match (self.peek(1), self.peek(2)) {
            (Some(b), Some(b'{')) if b == sign => {
                Some(if self.peek(3) == Some(b'~') { 4 } else { 3 })
            }
            (Some(_), _) => Some(1),
            (None, _) => None,
        }
    }

    /// One token of a heredoc's content; `true` when the lexer cannot go on (HCL's scanner
    /// stops at a carriage return that no line feed follows).
    fn heredoc_token(&mut self) -> bool {
        let start = self.pos;
        if self.template_sequence() {
            return false;
        }
        let t = self.text;
        if matches!(t[start], b'$' | b'%') {
            match self.escape_or_sign_len() {
                Some(len) => {
                    self.emit(TokenKind::StringLit, start, start + len);
                    if let Some(h) = self.heredocs.last_mut() {
                        h.start_of_line = false;
                    }
                    return false;
                }
                None => return self.stuck(start),
            }
        }
        let mut end = start;
        while end < t.len() && !matches!(t[end], b'$' | b'%' | b'\r' | b'\n') {
            end += 1;
        }
        let newline = match (t.get(end), t.get(end + 1)) {
            (Some(b'\n'), _) => 1,
            (Some(b'\r'), Some(b'\n')) => 2,
            _ => 0,
        };
        if newline == 0 {
            if end == start {
                return self.stuck(start);
            }
            self.emit(TokenKind::StringLit, start, end);
            if let Some(h) = self.heredocs.last_mut() {
                h.start_of_line = false;
            }
            return false;
        }
        let Some(heredoc) = self.heredocs.last_mut() else {
            self.emit(TokenKind::StringLit, start, end + newline);
            return false;
        };
        let line = trim_space(&t[start..end]);
        if heredoc.start_of_line && line == &t[heredoc.marker.range()] {
            // The closing marker, then its line break as a token of its own, which ends the
            // attribute the heredoc is the value of.
            self.heredocs.pop();
            self.emit(TokenKind::CHeredoc, start, end);
            self.emit(TokenKind::Newline, end, end + newline);
            self.leave();
            return false;
        }
        heredoc.start_of_line = true;
        self.emit(TokenKind::StringLit, start, end + newline);
        false
    }

    fn bare_token(&mut self) -> bool {
        let start = self.pos;
        if self.template_sequence() {
            return false;
        }
        let t = self.text;
        if matches!(t[start], b'$' | b'%') {
            return match self.escape_or_sign_len() {
                Some(len) => {
                    self.emit(TokenKind::StringLit, start, start + len);
                    false
                }
                None => self.stuck(start),
            };
        }
        let mut end = start;
        while end < t.len() && !matches!(t[end], b'$' | b'%' | b'\r' | b'\n') {
            end += 1;
        }
        match (t.get(end), t.get(end + 1)) {
            (Some(b'\n'), _) => end += 1,
            (Some(b'\r'), Some(b'\n')) => end += 2,
            _ => {}
        }
        if end == start {
            return self.stuck(start);
        }
        self.emit(TokenKind::StringLit, start, end);
        false
    }

    /// Where HCL's scanner finds no way on: the rest of the text is one token, literal text
    /// in a bare template at its top level, invalid otherwise.
    fn stuck(&mut self, start: usize) -> bool {
        let kind = if self.modes.len() == 1 && self.modes[0] == Mode::Bare {
            TokenKind::StringLit
        } else {
            TokenKind::Invalid
        };
        let end = self.text.len();
        self.emit(kind, start, end);
        true
    }
}

/// The bytes of `s` without leading and trailing whitespace, as Go's `bytes.TrimSpace`.
fn trim_space(s: &[u8]) -> &[u8] {
    let text = match std::str::from_utf8(s) {
        Ok(text) => text,
        Err(_) => return s,
    };
    text.trim_matches(is_go_space).as_bytes()
}

/// Go's `unicode.IsSpace`.
pub(crate) fn is_go_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{0B}' | '\u{0C}' | '\r' | ' ' | '\u{85}' | '\u{A0}'
    ) || (c > '\u{FF}' && c.is_whitespace())
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Characters HCL's identifiers may start with: Unicode 9.0's `ID_Start`.
pub(crate) fn is_id_start(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    UnicodeXID::is_xid_start(c) || ID_ONLY_START.contains(&c)
}

/// Characters HCL's identifiers may continue with: Unicode 9.0's `ID_Continue`.
pub(crate) fn is_id_continue(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '_';
    }
    UnicodeXID::is_xid_continue(c) || ID_ONLY_CONTINUE.contains(&c)
}

/// `ID_Start` characters that `XID_Start` leaves out because their compatibility forms do not
/// start identifiers (Unicode Standard Annex #31).
const ID_ONLY_START: &[char] = &[
    '\u{037A}', '\u{0E33}', '\u{0EB3}', '\u{309B}', '\u{309C}', '\u{FC5E}', '\u{FC5F}', '\u{FC60}',
    '\u{FC61}', '\u{FC62}', '\u{FC63}', '\u{FDFA}', '\u{FDFB}', '\u{FE70}', '\u{FE72}', '\u{FE74}',
    '\u{FE76}', '\u{FE78}', '\u{FE7A}', '\u{FE7C}', '\u{FE7E}', '\u{FF9E}', '\u{FF9F}',
];

/// `ID_Continue` characters that `XID_Continue` leaves out, likewise.
const ID_ONLY_CONTINUE: &[char] = &[
    '\u{037A}', '\u{309B}', '\u{309C}', '\u{FC5E}', '\u{FC5F}', '\u{FC60}', '\u{FC61}', '\u{FC62}',
    '\u{FC63}', '\u{FDFA}', '\u{FDFB}', '\u{FE70}', '\u{FE72}', '\u{FE74}', '\u{FE76}', '\u{FE78}',
    '\u{FE7A}', '\u{FE7C}', '\u{FE7E}',
];
