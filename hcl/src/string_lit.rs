//! The text of literal tokens: backslash escapes in quoted strings, `$${` and `%%{` in every
//! template.

use std::borrow::Cow;

use crate::diagnostic::Diagnostic;
use crate::span::Span;

/// The value of a literal token `text` that starts at byte `base`: with backslash escapes
/// when `quoted`, and the escaped sequence openers `$${` and `%%{` always. Problems with
/// escapes are pushed to `diags`; the value then holds the escape as written.
pub(crate) fn literal_value<'s>(
    text: &'s str,
    base: usize,
    quoted: bool,
    diags: &mut Vec<Diagnostic>,
) -> Cow<'s, str> {
    let bytes = text.as_bytes();
    let special = |b: u8| b == b'$' || b == b'%' || (quoted && b == b'\\');
    // The first byte that the value does not hold as written: an escape, `$${` or `%%{`. A
    // lone `$` or `%` (a regular expression's `$`) is kept as it is, and the text borrowed.
    let changed = |i: usize| match bytes[i] {
        b @ (b'$' | b'%') => bytes.get(i + 1) == Some(&b) && bytes.get(i + 2) == Some(&b'{'),
        b'\\' => quoted,
        _ => false,
    };
    let mut from = 0;
    let first = loop {
        match bytes[from..].iter().position(|&b| special(b)) {
            None => return Cow::Borrowed(text),
            Some(n) if changed(from + n) => break from + n,
            Some(n) => from += n + 1,
        }
    };
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..first]);
    let mut i = first;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'$' || b == b'%' {
            if bytes.get(i + 1) == Some(&b) && bytes.get(i + 2) == Some(&b'{') {
                out.push(b as char);
                out.push('{');
                i += 3;
            } else {
                out.push(b as char);
                i += 1;
            }
            continue;
        }
        if quoted && b == b'\\' {
            i += escape(text, base, i, &mut out, diags);
            continue;
        }
        let next = bytes[i..]
            .iter()
            .position(|&b| special(b))
            .map_or(bytes.len(), |n| i + n);
        out.push_str(&text[i..next]);
        i = next;
    }
    Cow::Owned(out)
}

/// Resolves the escape at `at` (a backslash) into `out`; returns how many bytes it took.
fn escape(
    text: &str,
    base: usize,
    at: usize,
    out: &mut String,
    diags: &mut Vec<Diagnostic>,
) -> usize {
    let bytes = text.as_bytes();
    let span = |len: usize| Span::new(base + at, base + at + len);
    let Some(selector) = text[at + 1..].chars().next() else {
        diags.push(Diagnostic::new(
            "Invalid escape sequence",
            "Backslash must be followed by an escape sequence selector character.",
            span(1),
        ));
        out.push('\\');
        return 1;
    };
    let simple = match selector {
        'n' => Some('\n'),
        'r' => Some('\r'),
        't' => Some('\t'),
        '"' => Some('"'),
        '\\' => Some('\\'),
        _ => None,
    };
    if let Some(c) = simple {
        out.push(c);
        return 2;
    }
    if selector == 'u' || selector == 'U' {
        let want = if selector == 'u' { 4 } else { 8 };
        let digits = bytes[at + 2..]
            .iter()
            .take(want)
            .take_while(|b| b.is_ascii_hexdigit())
            .count();
        let len = 2 + digits;
        if digits != want {
            let detail = if selector == 'u' {
                "The \\u escape sequence must be followed by four hexadecimal digits."
            } else {
                "The \\U escape sequence must be followed by eight hexadecimal digits."
            };
            diags.push(Diagnostic::new(
                "Invalid escape sequence",
                detail,
                span(len),
            ));
            out.push_str(&text[at..at + len]);
            return len;
        }
        let code = u32::from_str_radix(&text[at + 2..at + len], 16).unwrap_or(u32::MAX);
        match char::from_u32(code) {
            Some(c) => out.push(c),
            None => {
                diags.push(Diagnostic::new(
                    "Invalid escape sequence",
                    format!("Cannot encode character U+{code:04x} in UTF-8."),
                    span(len),
                ));
                out.push_str(&text[at..at + len]);
            }
        }
        return len;
    }
    let len = 1 + selector.len_utf8();
    diags.push(Diagnostic::new(
        "Invalid escape sequence",
        format!(
            "The symbol {} is not a valid escape sequence selector.",
            go_quote(&selector.to_string())
        ),
        span(len),
    ));
    out.push(selector);
    len
}

/// A string quoted as Go's `%q` quotes it: printable characters as they are, others escaped.
pub(crate) fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{07}' => out.push_str("\\a"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0C}' => out.push_str("\\f"),
            '\u{0B}' => out.push_str("\\v"),
            c if c == ' ' || !(c.is_control() || c.is_whitespace() || is_format(c)) => out.push(c),
            c if (c as u32) < 0x80 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

/// Format characters (Unicode category Cf) that Go does not print as they are.
fn is_format(c: char) -> bool {
    matches!(c as u32,
        0xAD | 0x600..=0x605 | 0x61C | 0x6DD | 0x70F | 0x180E | 0x200B..=0x200F
        | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F | 0xFEFF | 0xFFF9..=0xFFFB)
}
