//! A light pass over HCL text in the way HCL's scanner reads it (comments, quoted templates
//! and their `${…}`/`%{…}` sequences, heredocs), to word syntax errors as Terraform does where
//! hcl-edit only says where it stopped.

/// What the scan finds, as byte offsets into the text.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ScanFindings {
    /// Each line break inside a quoted string (outside its `${…}`/`%{…}` sequences).
    pub quoted_line_breaks: Vec<usize>,
    /// Where a name is missing after a `.` that follows a value (`x.` then a line break).
    pub missing_attribute_names: Vec<usize>,
    /// A lone `&` or `|` (HCL's bitwise operators, which it does not support).
    pub bitwise_operators: Vec<usize>,
    /// The quoted strings that hold template directives, with their directives in order.
    pub quoted_directives: Vec<QuotedDirectives>,
    /// The `(`, `[` and `{` still open at the end of the text, outermost first.
    pub unclosed: Vec<usize>,
}

/// A quoted string's `%{…}` directives.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct QuotedDirectives {
    /// Where the closing quote is (the text's end when there is none).
    pub close: usize,
    /// Each directive: its keyword (`if`, `else`, `endif`, `for`, `endfor`) and the range of
    /// its `%{…}`.
    pub directives: Vec<(String, std::ops::Range<usize>)>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ctx {
    Quoted,
    /// A `${` or `%{` sequence inside a quoted string.
    Sequence,
    Brace,
}

/// Scans `text`.
pub fn scan(text: &str) -> ScanFindings {
    let b = text.as_bytes();
    let mut found = ScanFindings::default();
    let mut stack: Vec<Ctx> = Vec::new();
    // The directives of each quoted string being read, innermost last.
    let mut open_quoted: Vec<QuotedDirectives> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if stack.last() == Some(&Ctx::Quoted) {
            match c {
                b'\\' => i += 1,
                b'"' => {
                    stack.pop();
                    if let Some(mut q) = open_quoted.pop() {
                        if !q.directives.is_empty() {
                            q.close = i;
                            found.quoted_directives.push(q);
                        }
                    }
                }
                b'%' if b.get(i + 1) == Some(&b'{') => {
                    let rest = text[i + 2..].trim_start_matches(['~', ' ', '\t']);
                    let keyword: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_alphabetic())
                        .collect();
                    let end = text[i..].find('}').map_or(b.len(), |e| i + e + 1);
                    if let Some(q) = open_quoted.last_mut() {
                        q.directives.push((keyword, i..end));
                    }
                    stack.push(Ctx::Sequence);
                    i += 1;
                }
                b'$' | b'%' if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => i += 2,
                b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                    stack.push(Ctx::Sequence);
                    i += 1;
                }
                b'\n' => {
                    let at = if i > 0 && b[i - 1] == b'\r' { i - 1 } else { i };
                    found.quoted_line_breaks.push(at);
                }
                _ => {}
            }
            i += 1;
            continue;
        }
        match c {
            b'#' => i = line_end(b, i),
            b'/' if b.get(i + 1) == Some(&b'/') => i = line_end(b, i),
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(b.len(), |e| i + 2 + e + 2);
                continue;
            }
            b'"' => {
                stack.push(Ctx::Quoted);
                open_quoted.push(QuotedDirectives::default());
            }
            b'&' | b'|' => {
                let pair = b.get(i + 1) == Some(&c) || (i > 0 && b[i - 1] == c);
                if !pair {
                    found.bitwise_operators.push(i);
                }
            }
            b'(' | b'[' => found.unclosed.push(i),
            b')' | b']' => {
                found.unclosed.pop();
            }
            b'{' => {
                stack.push(Ctx::Brace);
                found.unclosed.push(i);
            }
            // Closing a `{` of the expression, or else a `${`/`%{` sequence.
            b'}' if stack.pop() == Some(Ctx::Brace) => {
                found.unclosed.pop();
            }
            b'<' if b.get(i + 1) == Some(&b'<') => {
                if let Some(end) = heredoc_end(text, i) {
                    i = end;
                    continue;
                }
            }
            b'.' => {
                let next = b.get(i + 1).copied();
                let names_next = next.is_some_and(|n| {
                    n.is_ascii_alphanumeric() || n == b'_' || n == b'*' || n == b'.' || n >= 0x80
                });
                let before = text[..i].trim_end_matches([' ', '\t']);
                let after_value = before.ends_with(|p: char| {
                    p.is_alphanumeric() || matches!(p, '_' | ')' | ']' | '}' | '"')
                });
                if !names_next && after_value {
                    found.missing_attribute_names.push(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    // Strings left open run to the end of the text.
    for mut q in open_quoted {
        if !q.directives.is_empty() {
            q.close = b.len();
            found.quoted_directives.push(q);
        }
    }
    found
}

fn line_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&c| c == b'\n')
        .map_or(b.len(), |p| i + p)
}

/// The offset after a heredoc that starts at `start` (`<<EOT` or `<<-EOT`, then a line break),
/// or `None` when this is not one.
fn heredoc_end(text: &str, start: usize) -> Option<usize> {
    let rest = &text[start + 2..];
    let rest = rest.strip_prefix('-').unwrap_or(rest);
    let name_len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
        .unwrap_or(rest.len());
    let name = &rest[..name_len];
    if name.is_empty() {
        return None;
    }
    let after_name = &rest[name_len..];
    let body = after_name
        .strip_prefix("\r\n")
        .or_else(|| after_name.strip_prefix('\n'))?;
    let mut offset = text.len() - body.len();
    for line in body.split_inclusive('\n') {
        offset += line.len();
        if line.trim() == name {
            return Some(offset);
        }
    }
    Some(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_in_quoted_strings() {
        let text = "a = \"x\ny\" # \"\nb = \"${\"p\"\n}\" // \"\nc = <<EOT\n\"\nEOT\nd = \"\\\"\n";
        let found = scan(text);
        assert_eq!(found.quoted_line_breaks, [6, text.len() - 1]);
    }

    #[test]
    fn unclosed_brackets() {
        assert_eq!(scan("a = f([1], {b = 2}, \"${x}\"\n").unclosed, [5]);
        assert_eq!(scan("a = [1, [2\n").unclosed, [4, 8]);
        assert!(scan("a = { b = [\"(\"] }\n").unclosed.is_empty());
    }

    #[test]
    fn dots_without_names() {
        assert_eq!(scan("n = 1.\n").missing_attribute_names, [6]);
        assert_eq!(scan("n = x.\n").missing_attribute_names, [6]);
        assert!(scan("n = .5\nm = a.b\nl = a[*].c\nk = 1.5\n")
            .missing_attribute_names
            .is_empty());
    }
}
