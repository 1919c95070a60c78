//! Parsing HCL text with hcl-edit where HCL itself accepts more than hcl-edit does.
//!
//! hcl-edit refuses two things HCL accepts, both while parsing:
//! - a number literal beyond `f64` (`1e400`): it is replaced by a same-length stand-in
//!   (`00001`), and the lowering reads the literal from the source text;
//! - a repeated key in an object constructor (`{ k = 1, k = 2 }`, where HCL keeps the last):
//!   the repeated key is replaced by a same-length identifier not used in the object, and the
//!   lowering reads the key from the source text ([`original_key`]).
//!
//! Each stand-in covers exactly the bytes of what it replaces, so every span still points into
//! the original text. Lower the result with that text as its source.

use std::ops::Range;

use hcl_edit::expr::Expression;
use hcl_edit::structure::Body;
use hcl_edit::Span;

/// Parses an HCL body (see the module documentation).
pub fn parse_body_exact(text: &str) -> Result<Body, hcl_edit::parser::Error> {
    parse_exact(text, hcl_edit::parser::parse_body)
}

/// Parses an HCL expression (see the module documentation).
pub fn parse_expr_exact(text: &str) -> Result<Expression, hcl_edit::parser::Error> {
    parse_exact(text, hcl_edit::parser::parse_expr)
}

/// How many tokens that may open a nested level (`(`, `[`, `{`, `?`, `!`, `-`, `<`) a text may
/// hold and still be parsed on the caller's stack. hcl-edit's parser is recursive and stops at
/// 64 nested levels, but in a debug build one level of a `for` expression takes about 80 KiB of
/// stack (30 nested `for`s overflow a 2 MiB thread), so a text that might nest deeper than this
/// is parsed on a thread of its own with [`PARSE_STACK`]. Files always are; short strings and
/// keys mostly are not.
const SHALLOW_TOKENS: usize = 8;

/// The stack hcl-edit is given for a text that may nest deeply: room for its 64-level limit
/// with the costliest construct in a debug build (about 2.5 MiB), many times over. Only
/// reserved address space; the pages used are the ones touched.
pub(crate) const PARSE_STACK: usize = 64 << 20;

/// Runs hcl-edit's `parse` on `text` where its recursion cannot overflow the stack: in place
/// when `text` is too shallow to matter or this thread already has [`PARSE_STACK`] (a loader
/// worker, see [`crate::parallel::spawned_stack`]), on a thread with [`PARSE_STACK`]
/// otherwise.
pub(crate) fn parse_guarded<T: Send>(text: &str, parse: impl Fn(&str) -> T + Sync) -> T {
    if crate::parallel::spawned_stack() >= PARSE_STACK {
        return parse(text);
    }
    let nesting_tokens = text
        .bytes()
        .filter(|b| matches!(b, b'(' | b'[' | b'{' | b'?' | b'!' | b'-' | b'<'))
        .count();
    if nesting_tokens <= SHALLOW_TOKENS {
        return parse(text);
    }
    let parse = &parse;
    std::thread::scope(|s| {
        let spawned = std::thread::Builder::new()
            .stack_size(PARSE_STACK)
            .spawn_scoped(s, move || parse(text));
        match spawned {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            // No thread to be had: parse in place rather than not at all.
            Err(_) => parse(text),
        }
    })
}

/// How many stand-ins one key may be given before giving up (each one that is already a key
/// of the object is reported again at the same place).
const MAX_STAND_IN_TRIES: usize = 64;

fn parse_exact<T: Send>(
    text: &str,
    parse: impl Fn(&str) -> Result<T, hcl_edit::parser::Error> + Sync,
) -> Result<T, hcl_edit::parser::Error> {
    let mut patched: Option<String> = None;
    // The key replaced last, and how many stand-ins it has been given.
    let mut last_key: Option<(usize, usize)> = None;
    loop {
        let current = patched.as_deref().unwrap_or(text);
        let e = match parse_guarded(current, &parse) {
            Ok(parsed) => return Ok(parsed),
            Err(e) => e,
        };
        let offset = e.location().offset();
        if let Some(range) = overflowing_number_at(current, offset) {
            let stand_in = format!("{}1", "0".repeat(range.len() - 1));
            let mut s = current.to_string();
            s.replace_range(range, &stand_in);
            patched = Some(s);
            continue;
        }
        if e.message().contains("redefined object key") {
            let tries = match last_key {
                Some((at, n)) if at == offset => n + 1,
                _ => 0,
            };
            let stand_in = object_key_at(current, offset)
                .and_then(|range| stand_in_name(range.len(), tries).map(|name| (range, name)));
            if let (Some((range, name)), true) = (stand_in, tries < MAX_STAND_IN_TRIES) {
                let mut s = current.to_string();
                s.replace_range(range, &name);
                patched = Some(s);
                last_key = Some((offset, tries));
                continue;
            }
        }
        return Err(e);
    }
}

/// The key expression of an object item that starts at `start`: the shortest text that parses
/// as an expression and is followed by `=` or `:` (the item's assignment), as the parser reads
/// it.
fn object_key_at(text: &str, start: usize) -> Option<Range<usize>> {
    let rest = text.get(start..)?;
    let b = rest.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        let assignment = match c {
            b':' => true,
            // Not `==`, `=>`, `<=`, `>=` or `!=`.
            b'=' => {
                !matches!(b.get(i + 1), Some(b'=' | b'>'))
                    && !matches!(
                        i.checked_sub(1).map(|j| b[j]),
                        Some(b'=' | b'<' | b'>' | b'!')
                    )
            }
            _ => false,
        };
        if !assignment {
            continue;
        }
        let key = rest[..i].trim_end();
        if !key.is_empty() && parse_guarded(key, |k| hcl_edit::parser::parse_expr(k).is_ok()) {
            return Some(start..start + key.len());
        }
    }
    None
}

const FIRST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
const REST: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789";

/// The `n`th identifier of `len` bytes tried as a stand-in for a key; never a keyword, which
/// hcl-edit would not read as a name.
fn stand_in_name(len: usize, n: usize) -> Option<String> {
    let mut n = n;
    loop {
        let mut name = String::with_capacity(len);
        name.push(FIRST[n % FIRST.len()] as char);
        let mut rest = n / FIRST.len();
        for _ in 1..len {
            name.push(REST[rest % REST.len()] as char);
            rest /= REST.len();
        }
        if rest > 0 || len == 0 {
            return None;
        }
        if !matches!(
            name.as_str(),
            "true" | "false" | "null" | "for" | "in" | "if"
        ) {
            return Some(name);
        }
        n += 1;
    }
}

/// When `key` (an identifier key as parsed) is a stand-in for a repeated key, the key as
/// written: its text in `source` (which `shift` maps the key's span into), parsed, with the
/// offset its spans are relative to.
pub(crate) fn original_key(
    key: &hcl_edit::Decorated<hcl_edit::Ident>,
    source: Option<&str>,
    shift: usize,
) -> Option<(Expression, usize)> {
    let span = key.span()?;
    let start = span.start + shift;
    let written = source?.get(start..span.end + shift)?;
    if written == key.as_str() {
        return None;
    }
    let parsed = parse_expr_exact(written).ok()?;
    Some((parsed, start))
}

/// The number literal around `offset` when it only fails to parse because it overflows `f64`.
fn overflowing_number_at(text: &str, offset: usize) -> Option<Range<usize>> {
    let b = text.as_bytes();
    let mut start = offset.min(b.len());
    while start > 0 && (b[start - 1].is_ascii_digit() || b[start - 1] == b'.') {
        start -= 1;
    }
    if start > 0 && (b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'_') {
        return None;
    }
    let mut end = start;
    while end < b.len() && (b[end].is_ascii_digit() || b[end] == b'.') {
        end += 1;
    }
    if end < b.len() && matches!(b[end], b'e' | b'E') {
        end += 1;
        if end < b.len() && matches!(b[end], b'+' | b'-') {
            end += 1;
        }
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
    }
    let literal = text.get(start..end)?;
    let overflows = literal.parse::<f64>().is_ok_and(f64::is_infinite)
        && super::parse_number(literal).is_some();
    overflows.then_some(start..end)
}

/// A problem HCL's scanner or parser finds that hcl-edit lets through, worded as Terraform
/// words it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxProblem {
    /// Where, in the parsed text.
    pub span: Range<usize>,
    /// Terraform's summary.
    pub summary: &'static str,
    /// Terraform's detail.
    pub detail: String,
}

/// What HCL rejects in a body that hcl-edit parsed: a line break inside a quoted string
/// (`"a` newline `b"`, outside its `${…}`/`%{…}` sequences; the first such string is also
/// unterminated for HCL's parser), and `for` as the first key of an
/// object or element of a tuple (HCL starts a `for` expression there). `text` is what was
/// parsed, `file` names it in details.
pub fn syntax_problems(body: &Body, text: &str, file: &str) -> Vec<SyntaxProblem> {
    let mut check = SyntaxCheck {
        text,
        file,
        quoted: Vec::new(),
        problems: Vec::new(),
    };
    hcl_edit::visit::visit_body(&mut check, body);
    check.problems
}

/// HCL's detail for a line break in a quoted string.
pub(crate) const MULTI_LINE: &str =
    "Quoted strings may not be split over multiple lines. To produce a \
                          multi-line string, either use the \\n escape to represent a newline \
                          character or use the \"heredoc\" multi-line template syntax.";

struct SyntaxCheck<'t> {
    text: &'t str,
    file: &'t str,
    /// The templates being visited, innermost last: `Some(first line break)` for a quoted
    /// one, `None` for a heredoc.
    quoted: Vec<Option<Option<usize>>>,
    problems: Vec<SyntaxProblem>,
}

impl SyntaxCheck<'_> {
    /// Reports each line break in `span` of a quoted string; returns the first one.
    fn line_breaks(&mut self, span: Range<usize>) -> Option<usize> {
        let piece = self.text.get(span.clone())?;
        let mut first = None;
        for (i, _) in piece.match_indices('\n') {
            let mut at = span.start + i;
            if at > span.start && piece.as_bytes()[i - 1] == b'\r' {
                at -= 1;
            }
            first.get_or_insert(at);
            self.problems.push(SyntaxProblem {
                span: at..span.start + i + 1,
                summary: "Invalid multi-line string",
                detail: MULTI_LINE.into(),
            });
        }
        first
    }

    /// The parser's error for the first quoted string that holds a line break; once it has
    /// recovered from one, HCL's parser reports no more.
    fn unterminated(&mut self, first_break: Option<usize>) {
        let reported = self
            .problems
            .iter()
            .any(|p| p.summary == "Unterminated template string");
        if let (Some(at), false) = (first_break, reported) {
            self.problems.push(SyntaxProblem {
                span: at..at + 1,
                summary: "Unterminated template string",
                detail: "No closing marker was found for the string.".into(),
            });
        }
    }

    /// The innermost directive of a quoted template that a line break at `at` cuts, reported
    /// where the template's closing quote is.
    fn cut_directive<'a>(
        &mut self,
        elements: impl Iterator<Item = &'a hcl_edit::template::Element>,
        at: usize,
        template: Option<Range<usize>>,
    ) {
        use hcl_edit::template::{Directive, Element};
        for el in elements {
            let Element::Directive(d) = el else { continue };
            let (kind, span, inner) = match &**d {
                Directive::For(f) => ("for", f.span(), &f.for_expr.template),
                Directive::If(i) => ("if", i.span(), &i.if_expr.template),
            };
            let (Some(span), Some(body)) = (span, inner.span()) else {
                continue;
            };
            if !(span.start < at && at < span.end) {
                continue;
            }
            let nested_before = self.problems.len();
            self.cut_directive(inner.iter(), at, template.clone());
            if self.problems.len() > nested_before {
                return;
            }
            let Some(quote) = template.as_ref().map(|t| t.end.saturating_sub(1)) else {
                return;
            };
            let range = |o: usize| {
                let prefix = &self.text[..o];
                let line = prefix.matches('\n').count() + 1;
                let col = prefix[prefix.rfind('\n').map_or(0, |i| i + 1)..]
                    .chars()
                    .count()
                    + 1;
                (line, col)
            };
            let (line, col) = range(span.start);
            let (end_line, end_col) = range(body.start);
            let end = if end_line == line {
                end_col.to_string()
            } else {
                format!("{end_line},{end_col}")
            };
            self.problems.push(SyntaxProblem {
                span: quote..quote + 1,
                summary: "Unexpected end of template",
                detail: format!(
                    "The {kind} directive at {}:{line},{col}-{end} is missing its corresponding \
                     end{kind} directive.",
                    self.file
                ),
            });
            return;
        }
    }

    /// `for` where HCL starts a `for` expression: reported at the token after it.
    fn leading_for(&mut self, first: Option<Range<usize>>) {
        let Some(span) = first else { return };
        if self.text.get(span.clone()) != Some("for") {
            return;
        }
        let rest = &self.text[span.end..];
        let at = span.end + (rest.len() - rest.trim_start().len());
        let len = self.text[at..].chars().next().map_or(0, char::len_utf8);
        self.problems.push(SyntaxProblem {
            span: at..at + len,
            summary: "Invalid 'for' expression",
            detail: "For expression requires variable name after 'for'.".into(),
        });
    }
}

impl hcl_edit::visit::Visit for SyntaxCheck<'_> {
    fn visit_string(&mut self, node: &hcl_edit::Decorated<String>) {
        // Only quoted strings are parsed as plain strings (heredocs are templates).
        if let Some(span) = node.span() {
            let first = self.line_breaks(span);
            self.unterminated(first);
        }
    }

    fn visit_string_template(&mut self, node: &hcl_edit::template::StringTemplate) {
        self.quoted.push(Some(None));
        hcl_edit::visit::visit_string_template(self, node);
        if let Some(Some(first)) = self.quoted.pop() {
            let before = self.problems.len();
            self.unterminated(first);
            // HCL's parser skips from the line break to the closing quote: a directive opened
            // before it is left without its end.
            if let (Some(at), true) = (first, self.problems.len() > before) {
                self.cut_directive(node.iter(), at, node.span());
            }
        }
    }

    fn visit_heredoc_template(&mut self, node: &hcl_edit::template::HeredocTemplate) {
        self.quoted.push(None);
        hcl_edit::visit::visit_heredoc_template(self, node);
        self.quoted.pop();
    }

    fn visit_literal(&mut self, node: &hcl_edit::Spanned<String>) {
        if let (Some(Some(_)), Some(span)) = (self.quoted.last(), node.span()) {
            let first = self.line_breaks(span);
            if let Some(Some(slot @ None)) = self.quoted.last_mut() {
                *slot = first;
            }
        }
    }

    fn visit_object(&mut self, node: &hcl_edit::expr::Object) {
        if let Some((hcl_edit::expr::ObjectKey::Ident(id), _)) = node.iter().next() {
            self.leading_for(id.span());
        }
        hcl_edit::visit::visit_object(self, node);
    }

    fn visit_array(&mut self, node: &hcl_edit::expr::Array) {
        let first = node.iter().next().and_then(|e| match e {
            Expression::Variable(id) => id.span(),
            Expression::Traversal(t) => match &t.expr {
                Expression::Variable(id) => id.span(),
                _ => None,
            },
            _ => None,
        });
        self.leading_for(first);
        hcl_edit::visit::visit_array(self, node);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcl_edit::expr::ObjectKey;

    #[test]
    fn stand_ins_are_identifiers_of_the_same_length() {
        assert_eq!(stand_in_name(1, 0).as_deref(), Some("a"));
        assert_eq!(stand_in_name(1, 52).as_deref(), Some("_"));
        assert_eq!(stand_in_name(1, 53), None);
        assert_eq!(stand_in_name(3, 0).as_deref(), Some("aaa"));
        // `for` would be read as a keyword.
        let all: Vec<String> = (0..4000).filter_map(|n| stand_in_name(3, n)).collect();
        assert!(!all.iter().any(|n| n == "for"));
    }

    #[test]
    fn repeated_keys_keep_their_text() {
        let text = "a = { k = 1, \"k\" = 2, k = 3, a = \"k = 4\", (k) = 5, k: 6 }\n";
        let body = parse_body_exact(text).unwrap();
        let attr = body.attributes().next().unwrap();
        let Expression::Object(obj) = &attr.value else {
            panic!("not an object")
        };
        let keys: Vec<String> = obj
            .iter()
            .map(|(k, _)| match k {
                ObjectKey::Ident(id) => match original_key(id, Some(text), 0) {
                    Some((e, at)) => {
                        format!("{}@{at}", text[at..at + e.span().unwrap().end].trim())
                    }
                    None => id.as_str().to_string(),
                },
                ObjectKey::Expression(e) => text[e.span().unwrap()].to_string(),
            })
            .collect();
        // The real `a` clashes with the first stand-in (`a`) and gets one of its own.
        assert_eq!(keys, ["k", "\"k\"", "k@22", "a@29", "(k)", "k@51"]);
    }

    #[test]
    fn keys_are_found_past_operators_and_strings() {
        let text = "{ \"a=b:c\" == x ? 1 : 2 = 3 }";
        assert_eq!(object_key_at(text, 2), Some(2..22));
        assert_eq!(object_key_at("{ k = 1 }", 2), Some(2..3));
    }
}
