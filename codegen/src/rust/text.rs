//! Writing Rust source text: literals and doc attributes.
//!
//! The renderer writes the expansion as text and turns it into tokens once. Inside the
//! compiler, `proc_macro::TokenStream::from_str` hands the text to rustc's own lexer in one
//! call, where building the same tokens one by one (`quote!`) costs an allocation per token in
//! the macro and a bridge call per group; the text is also what `tfvars rust` prints.
//! Whitespace between tokens is free, so the text is written for the lexer, not for reading;
//! `tfvars rust` lays it out with prettyplease.

/// Appends `s` as a string literal, escaped exactly as `proc_macro2::Literal::string` does, so
/// that the tokens equal those of `quote!(#s)`.
pub fn push_str_lit(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    push_escaped(out, s);
    out.push('"');
}

/// The inside of [`push_str_lit`]'s literal: `s` escaped.
pub fn push_escaped(out: &mut String, s: &str) {
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        i += plain_prefix(&bytes[i..]);
        let Some(&b) = bytes.get(i) else {
            break;
        };
        let ch = s[i..]
            .chars()
            .next()
            .expect("a character at a char boundary");
        let len = ch.len_utf8();
        if b < 0x80 || needs_escape(ch) {
            out.push_str(&s[start..i]);
            match ch {
                '\0' => {
                    // `\0` followed by an octal digit would read as an octal escape to some
                    // tools.
                    let octal_next = bytes.get(i + 1).is_some_and(|d| (b'0'..=b'7').contains(d));
                    out.push_str(if octal_next { r"\x00" } else { r"\0" });
                }
                // What `escape_debug` gives for the common ones, written at once.
                '"' => out.push_str(r#"\""#),
                '\\' => out.push_str(r"\\"),
                '\n' => out.push_str(r"\n"),
                _ => out.extend(ch.escape_debug()),
            }
            start = i + len;
        }
        i += len;
    }
    out.push_str(&s[start..]);
}

/// Printable ASCII but `"` and `\`: written as it is.
fn is_plain(b: u8) -> bool {
    (b' '..=b'~').contains(&b) && b != b'"' && b != b'\\'
}

/// How many bytes at the start of `bytes` are [`is_plain`]: most of a literal, so it is checked
/// sixteen bytes at a time (a loop without an early exit, which the compiler vectorises), then
/// byte by byte from the first chunk that holds another byte.
fn plain_prefix(bytes: &[u8]) -> usize {
    const CHUNK: usize = 16;
    let mut n = 0;
    for chunk in bytes.chunks_exact(CHUNK) {
        if !chunk.iter().fold(true, |all, &b| all & is_plain(b)) {
            break;
        }
        n += CHUNK;
    }
    n + bytes[n..].iter().take_while(|&&b| is_plain(b)).count()
}

/// Whether `char::escape_debug` changes a non-ASCII `c`. Letters of Latin-1 and the general
/// punctuation the generated docs use (`…`, `–`, `’`) are answered without its tables.
fn needs_escape(c: char) -> bool {
    if matches!(c, '\u{c0}'..='\u{ff}' | '\u{2010}'..='\u{2027}') {
        return false;
    }
    escapes_debug(c)
}

/// Whether `char::escape_debug` changes `c`.
fn escapes_debug(c: char) -> bool {
    let mut e = c.escape_debug();
    !(e.next() == Some(c) && e.next().is_none())
}

/// `s` as a string literal.
pub fn str_lit(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_str_lit(&mut out, s);
    out
}

/// Appends `#[doc = " line"]` per line of `text`, so the code reads as `///` comments once
/// formatted.
pub fn push_doc_attrs(out: &mut String, text: &str) {
    for line in text.lines() {
        out.push_str("#[doc = ");
        if line.is_empty() {
            out.push_str("\"\"");
        } else {
            // The leading space is part of the literal: `/// line`.
            out.push_str("\" ");
            push_escaped(out, line);
            out.push('"');
        }
        out.push_str("]\n");
    }
}

/// [`push_doc_attrs`] into a new string.
pub fn doc_attrs(text: &str) -> String {
    let mut out = String::new();
    push_doc_attrs(&mut out, text);
    out
}

/// Appends a raw string literal (`r#"…"#`) holding `text`, so long JSON stays readable in
/// `tfvars rust` output.
pub fn push_raw_str(out: &mut String, text: &str) {
    // The texts are the schema and the spec, megabytes long: both searches are memchr's
    // vectorised ones.
    if memchr::memchr(b'\r', text.as_bytes()).is_some() {
        // A raw string cannot hold a carriage return.
        push_str_lit(out, text);
        return;
    }
    // `"` and the hashes: the literal ends at the first `"` followed by as many.
    let mut closing = String::from("\"#");
    while memchr::memmem::find(text.as_bytes(), closing.as_bytes()).is_some() {
        closing.push('#');
    }
    let hashes = &closing[1..];
    out.reserve(text.len() + 2 * closing.len() + 1);
    out.push('r');
    out.push_str(hashes);
    out.push('"');
    out.push_str(text);
    out.push_str(&closing);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_literals_equal_proc_macro2s() {
        for s in [
            "",
            "plain",
            "it's \"quoted\" \\ back",
            "tab\there\nline\r",
            "nul\0 and \x007 and \u{7f} and \u{200b} and é and 🦀",
            "\u{301}combining first",
        ] {
            assert_eq!(
                str_lit(s),
                proc_macro2::Literal::string(s).to_string(),
                "{s:?}"
            );
        }
    }

    #[test]
    fn doc_attrs_lex_as_quotes_doc_attributes() {
        let text = doc_attrs("first \"line\"\n\nthird");
        let tokens: proc_macro2::TokenStream = text.parse().unwrap();
        let lines = ["first \"line\"", "", "third"].map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!(" {l}")
            }
        });
        let expected = quote::quote!(#(#[doc = #lines])*);
        assert_eq!(tokens.to_string(), expected.to_string());
    }

    #[test]
    fn the_characters_answered_quickly_are_not_escaped() {
        for c in ('\u{c0}'..='\u{ff}').chain('\u{2010}'..='\u{2027}') {
            assert!(!escapes_debug(c), "{c:?}");
            assert!(!needs_escape(c), "{c:?}");
        }
        assert!(needs_escape('\u{ad}') && needs_escape('\u{2028}') && needs_escape('\u{301}'));
    }

    #[test]
    fn raw_strings_outlast_their_text() {
        let mut out = String::new();
        push_raw_str(&mut out, "a \"# b");
        assert_eq!(out, "r##\"a \"# b\"##");
        out.clear();
        push_raw_str(&mut out, "{\"a\": \"b\"}");
        assert_eq!(out, "r#\"{\"a\": \"b\"}\"#");
        out.clear();
        push_raw_str(&mut out, "cr \r \"##");
        assert_eq!(out, str_lit("cr \r \"##"));
    }
}
