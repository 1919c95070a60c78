//! Go RE2 syntax (what Terraform's `regex`, `regexall` and `replace` accept) translated to the
//! syntax of the Rust `regex` crate.
//!
//! The two dialects mostly agree; where they differ this module makes the Rust pattern behave
//! as Go's does:
//! - `\d \w \s \b` and their negations are ASCII in Go, Unicode in Rust;
//! - Go accepts `\Q…\E` literals and octal escapes (`\141`), Rust does not;
//! - inside a class, Go treats `[`, `&&`, `--` and `~~` as literal characters, where Rust reads
//!   nested classes and set operations;
//! - Go reads `{` that does not start a valid repetition as a literal;
//! - Go rejects what Rust accepts: repeat counts over 1000, `(?x)` and other flags beyond
//!   `imsU`, `\p{Script=…}` and properties Go does not know, nested repetition (`a**`).
//!
//! A pattern Go rejects is rejected with Go's message, in the form Terraform prints it
//! (`invalid escape sequence in \i`).

/// Translates a Go regular expression to an equivalent Rust `regex` pattern, or returns Go's
/// error for a pattern Go rejects (`invalid repeat count in {1001}`).
///
/// ```
/// use tfvars_runtime::regex_go::translate;
/// assert_eq!(translate(r"\d+").unwrap(), "[0-9]+");
/// assert_eq!(translate(r"\Qa.b\E").unwrap(), r"a\.b");
/// assert!(translate("(?=a)").is_err());
/// ```
pub fn translate(pattern: &str) -> Result<String, String> {
    translate_with_names(pattern).map(|t| t.pattern)
}

/// A translated pattern and the Go names of its capture groups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Translated {
    /// The Rust pattern. A group whose Go name Rust does not accept (it starts with a digit,
    /// or repeats an earlier name, both fine in Go) is renamed.
    pub pattern: String,
    /// The Go name of each capture group, in order (`None` for an unnamed group).
    pub names: Vec<Option<String>>,
}

/// [`translate`], also returning the Go names of the capture groups.
pub fn translate_with_names(pattern: &str) -> Result<Translated, String> {
    let mut t = Translator {
        src: pattern.chars().collect(),
        pattern,
        pos: 0,
        out: String::with_capacity(pattern.len() + 8),
        names: Vec::new(),
    };
    t.run()?;
    Ok(Translated {
        pattern: t.out,
        names: t.names,
    })
}

/// The largest repeat count Go accepts.
const MAX_REPEAT: u32 = 1000;

const GO_CATEGORIES: &[&str] = &[
    "C", "Cc", "Cf", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N",
    "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm", "So",
    "Z", "Zl", "Zp", "Zs", "Any",
];

const ASCII_CLASSES: &[&str] = &[
    "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct",
    "space", "upper", "word", "xdigit",
];

#[derive(Clone, Copy, PartialEq)]
enum Last {
    /// Nothing repeatable: the start, after `(` or `|`.
    Nothing,
    /// An atom that a repetition may follow.
    Atom,
    /// A repetition operator, with where its text starts.
    Repeat(usize),
}

struct Translator<'a> {
    src: Vec<char>,
    pattern: &'a str,
    pos: usize,
    out: String,
    names: Vec<Option<String>>,
}

fn err(code: &str, expr: impl std::fmt::Display) -> String {
    format!("{code} in {expr}")
}

fn push_literal(out: &mut String, c: char) {
    if "\\.+*?()|[]{}^$#&-~".contains(c) {
        out.push('\\');
        out.push(c);
    } else if c.is_whitespace() || c.is_control() {
        out.push_str(&format!("\\x{{{:x}}}", c as u32));
    } else {
        out.push(c);
    }
}

/// One item of a character class.
enum ClassItem {
    Char(char),
    /// Already translated (`0-9`, `[^0-9]`, `\p{Greek}`, `[:alpha:]`).
    Set(String),
}

impl Translator<'_> {
    fn peek(&self, k: usize) -> Option<char> {
        self.src.get(self.pos + k).copied()
    }

    fn text(&self, from: usize, to: usize) -> String {
        self.src[from..to.min(self.src.len())].iter().collect()
    }

    fn run(&mut self) -> Result<(), String> {
        let mut depth = 0usize;
        let mut last = Last::Nothing;
        // Go refuses nested counted repetitions that would copy what they repeat more than
        // 1000 times (`(a{100}){11}`). `copies` is how many times the item just read repeats
        // its deepest part, `widest` the most of any earlier item of the group being read;
        // `outer` holds the enclosing groups' `widest`.
        let mut copies: u64 = 0;
        let mut widest: u64 = 0;
        let mut outer: Vec<u64> = Vec::new();
        while let Some(c) = self.peek(0) {
            let start = self.pos;
            if !matches!(c, '*' | '+' | '?' | '{') {
                widest = widest.max(copies);
                copies = 1;
            }
            match c {
                '\\' => {
                    self.pos += 1;
                    self.escape(false)?;
                    last = Last::Atom;
                }
                '[' => {
                    self.class()?;
                    last = Last::Atom;
                }
                '(' => {
                    if self.group()? {
                        depth += 1;
                        outer.push(widest);
                        widest = 0;
                    }
                    copies = 0;
                    last = Last::Nothing;
                }
                ')' => {
                    if depth == 0 {
                        return Err(err("unexpected )", self.pattern));
                    }
                    depth -= 1;
                    self.pos += 1;
                    self.out.push(')');
                    copies = widest.max(1);
                    widest = outer.pop().unwrap_or(0);
                    last = Last::Atom;
                }
                '|' => {
                    self.pos += 1;
                    self.out.push('|');
                    copies = 0;
                    last = Last::Nothing;
                }
                '*' | '+' | '?' => {
                    self.pos += 1;
                    let mut op = c.to_string();
                    if self.peek(0) == Some('?') {
                        self.pos += 1;
                        op.push('?');
                    }
                    last = self.repeat(last, start, &op)?;
                }
                '{' => match self.counted() {
                    Some((text, lo, hi)) => {
                        if lo > MAX_REPEAT || hi.is_some_and(|h| h > MAX_REPEAT || h < lo) {
                            return Err(err("invalid repeat count", &text));
                        }
                        let mut op = text.clone();
                        if self.peek(0) == Some('?') {
                            self.pos += 1;
                            op.push('?');
                        }
                        last = self.repeat(last, start, &op)?;
                        // Go's `repeatIsValid`: an unbounded repeat counts its minimum, and a
                        // repeat of zero copies nothing.
                        let m = u64::from(hi.unwrap_or(lo));
                        let counted = lo >= 2 || hi.is_some_and(|h| h >= 2);
                        if counted && m.saturating_mul(copies) > u64::from(MAX_REPEAT) {
                            return Err(err("invalid repeat count", &text));
                        }
                        copies *= m;
                    }
                    None => {
                        self.pos += 1;
                        self.out.push_str("\\{");
                        widest = widest.max(copies);
                        copies = 1;
                        last = Last::Atom;
                    }
                },
                '^' | '$' | '.' => {
                    self.pos += 1;
                    self.out.push(c);
                    last = Last::Atom;
                }
                _ => {
                    self.pos += 1;
                    push_literal(&mut self.out, c);
                    last = Last::Atom;
                }
            }
        }
        if depth > 0 {
            return Err(err("missing closing )", self.pattern));
        }
        Ok(())
    }

    fn repeat(&mut self, last: Last, start: usize, op: &str) -> Result<Last, String> {
        match last {
            Last::Nothing => Err(err("missing argument to repetition operator", op)),
            Last::Repeat(prev) => Err(err(
                "invalid nested repetition operator",
                self.text(prev, self.pos),
            )),
            Last::Atom => {
                self.out.push_str(op);
                Ok(Last::Repeat(start))
            }
        }
    }

    /// `{n}`, `{n,}` or `{n,m}` at the current position: its text and bounds.
    fn counted(&mut self) -> Option<(String, u32, Option<u32>)> {
        let start = self.pos;
        let mut i = self.pos + 1;
        let digits = |i: &mut usize, src: &[char]| -> Option<u32> {
            let s = *i;
            while src.get(*i).is_some_and(char::is_ascii_digit) {
                *i += 1;
            }
            if *i == s {
                return None;
            }
            let t: String = src[s..*i].iter().collect();
            Some(t.parse().unwrap_or(u32::MAX))
        };
        let lo = digits(&mut i, &self.src)?;
        let hi = if self.src.get(i) == Some(&',') {
            i += 1;
            if self.src.get(i) == Some(&'}') {
                None
            } else {
                Some(digits(&mut i, &self.src)?)
            }
        } else {
            Some(lo)
        };
        if self.src.get(i) != Some(&'}') {
            return None;
        }
        self.pos = i + 1;
        let text = self.text(start, self.pos);
        Some((text, lo, hi))
    }

    /// A group opening at `(`; false for a flag setting `(?i)` that opens nothing.
    fn group(&mut self) -> Result<bool, String> {
        let start = self.pos;
        self.pos += 1;
        if self.peek(0) != Some('?') {
            self.out.push('(');
            self.names.push(None);
            return Ok(true);
        }
        // `(?P<name>`, `(?<name>`
        let named = match (self.peek(1), self.peek(2)) {
            (Some('P'), Some('<')) => Some(3),
            (Some('<'), _) => Some(2),
            _ => None,
        };
        if let Some(skip) = named {
            let name_start = self.pos + skip;
            let mut i = name_start;
            while self.src.get(i).is_some_and(|c| *c != '>') {
                i += 1;
            }
            if i >= self.src.len() {
                return Err(err(
                    "invalid named capture",
                    self.text(start, self.src.len()),
                ));
            }
            let name = self.text(name_start, i);
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(err("invalid named capture", self.text(start, i + 1)));
            }
            self.pos = i + 1;
            let rust_ok = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && !self
                    .names
                    .iter()
                    .any(|n| n.as_deref() == Some(name.as_str()));
            if rust_ok {
                self.out.push_str(&format!("(?P<{name}>"));
            } else {
                self.out
                    .push_str(&format!("(?P<__go_group_{}>", self.names.len() + 1));
            }
            self.names.push(Some(name));
            return Ok(true);
        }
        // Flags: `(?flags)` or `(?flags:…)`.
        let mut i = self.pos + 1;
        let mut negated = false;
        loop {
            match self.src.get(i) {
                Some('i' | 'm' | 's' | 'U') => {}
                Some('-') if !negated => negated = true,
                Some(':') | Some(')') if i > self.pos + 1 || self.src.get(i) == Some(&':') => {
                    let close = self.src[i] == ')';
                    let flags = self.text(self.pos + 1, i);
                    if flags.ends_with('-') {
                        return Err(err(
                            "invalid or unsupported Perl syntax",
                            self.text(start, i + 1),
                        ));
                    }
                    self.pos = i + 1;
                    self.out
                        .push_str(&format!("(?{flags}{}", if close { ")" } else { ":" }));
                    return Ok(!close);
                }
                _ => {
                    return Err(err(
                        "invalid or unsupported Perl syntax",
                        self.text(start, i + 1),
                    ))
                }
            }
            i += 1;
        }
    }

    /// An escape after `\` (already consumed). In a class, returns the item instead of writing.
    fn escape(&mut self, in_class: bool) -> Result<Option<ClassItem>, String> {
        let start = self.pos - 1;
        let Some(c) = self.peek(0) else {
            return Err(err("trailing backslash at end of expression", ""));
        };
        self.pos += 1;
        let item = match c {
            'd' => ClassItem::Set("0-9".into()),
            'D' => ClassItem::Set("[^0-9]".into()),
            'w' => ClassItem::Set("0-9A-Za-z_".into()),
            'W' => ClassItem::Set("[^0-9A-Za-z_]".into()),
            's' => ClassItem::Set("\\t\\n\\x0C\\r ".into()),
            'S' => ClassItem::Set("[^\\t\\n\\x0C\\r ]".into()),
            'b' | 'B' | 'A' | 'z' if !in_class => {
                self.out.push_str(match c {
                    'b' => "(?-u:\\b)",
                    'B' => "(?-u:\\B)",
                    'A' => "\\A",
                    _ => "\\z",
                });
                return Ok(None);
            }
            'Q' if !in_class => {
                while let Some(ch) = self.peek(0) {
                    if ch == '\\' && self.peek(1) == Some('E') {
                        self.pos += 2;
                        break;
                    }
                    self.pos += 1;
                    push_literal(&mut self.out, ch);
                }
                return Ok(None);
            }
            '1'..='7' if !self.peek(0).is_some_and(|d| ('0'..='7').contains(&d)) => {
                return Err(err("invalid escape sequence", self.text(start, self.pos)));
            }
            '0'..='7' => {
                let mut v = c.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match self.peek(0).and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            self.pos += 1;
                        }
                        None => break,
                    }
                }
                ClassItem::Char(char::from_u32(v).unwrap_or('\0'))
            }
            'x' => {
                let (digits, end) = if self.peek(0) == Some('{') {
                    let mut i = self.pos + 1;
                    while self.src.get(i).is_some_and(|d| *d != '}') {
                        i += 1;
                    }
                    (self.text(self.pos + 1, i), i + 1)
                } else {
                    (self.text(self.pos, self.pos + 2), self.pos + 2)
                };
                let v = if digits.is_empty() || digits.len() > 8 {
                    None
                } else {
                    u32::from_str_radix(&digits, 16)
                        .ok()
                        .and_then(char::from_u32)
                };
                match v {
                    Some(ch) if end <= self.src.len() => {
                        self.pos = end;
                        ClassItem::Char(ch)
                    }
                    _ => {
                        // Go shows the escape without a closing brace.
                        let shown = if self.peek(0) == Some('{') {
                            end - 1
                        } else {
                            end
                        };
                        return Err(err(
                            "invalid escape sequence",
                            self.text(start, shown.min(self.src.len())),
                        ));
                    }
                }
            }
            'a' => ClassItem::Char('\x07'),
            'f' => ClassItem::Char('\x0C'),
            't' => ClassItem::Char('\t'),
            'n' => ClassItem::Char('\n'),
            'r' => ClassItem::Char('\r'),
            'v' => ClassItem::Char('\x0B'),
            'p' | 'P' => {
                let (name, end) = if self.peek(0) == Some('{') {
                    let mut i = self.pos + 1;
                    while self.src.get(i).is_some_and(|d| *d != '}') {
                        i += 1;
                    }
                    if i >= self.src.len() {
                        return Err(err(
                            "invalid character class range",
                            self.text(start, self.src.len()),
                        ));
                    }
                    (self.text(self.pos + 1, i), i + 1)
                } else {
                    (self.text(self.pos, self.pos + 1), self.pos + 1)
                };
                let (negated, bare) = match name.strip_prefix('^') {
                    Some(b) => (true, b),
                    None => (false, name.as_str()),
                };
                if !known_property(bare) {
                    return Err(err("invalid character class range", self.text(start, end)));
                }
                self.pos = end;
                // Go writes a negation inside the braces too: `\p{^L}` is `\P{L}`.
                let class = if (c == 'P') != negated { 'P' } else { 'p' };
                ClassItem::Set(format!("\\{class}{{{bare}}}"))
            }
            c if c.is_ascii() && !c.is_ascii_alphanumeric() => ClassItem::Char(c),
            _ => return Err(err("invalid escape sequence", self.text(start, self.pos))),
        };
        if in_class {
            return Ok(Some(item));
        }
        match item {
            ClassItem::Char(ch) => push_literal(&mut self.out, ch),
            ClassItem::Set(s)
                if s.starts_with('[') || s.starts_with("\\p") || s.starts_with("\\P") =>
            {
                self.out.push_str(&s)
            }
            ClassItem::Set(s) => self.out.push_str(&format!("[{s}]")),
        }
        Ok(None)
    }

    fn class(&mut self) -> Result<(), String> {
        let start = self.pos;
        self.pos += 1;
        let mut out = String::from("[");
        if self.peek(0) == Some('^') {
            self.pos += 1;
            out.push('^');
        }
        let mut first = true;
        loop {
            let Some(c) = self.peek(0) else {
                return Err(err("missing closing ]", self.text(start, self.src.len())));
            };
            if c == ']' && !first {
                self.pos += 1;
                break;
            }
            first = false;
            let item_start = self.pos;
            let lo = self.class_item()?;
            // A range `lo-hi`, unless the `-` is last.
            if let ClassItem::Char(lo) = lo {
                if self.peek(0) == Some('-') && self.peek(1).is_some_and(|n| n != ']') {
                    self.pos += 1;
                    let hi_start = self.pos;
                    let hi = match self.class_item()? {
                        ClassItem::Char(h) => h,
                        ClassItem::Set(_) => {
                            return Err(err(
                                "invalid escape sequence",
                                self.text(hi_start, self.pos),
                            ))
                        }
                    };
                    if hi < lo {
                        return Err(err(
                            "invalid character class range",
                            self.text(item_start, self.pos),
                        ));
                    }
                    push_literal(&mut out, lo);
                    out.push('-');
                    push_literal(&mut out, hi);
                    continue;
                }
                push_literal(&mut out, lo);
            } else if let ClassItem::Set(s) = lo {
                out.push_str(&s);
            }
        }
        out.push(']');
        self.out.push_str(&out);
        Ok(())
    }

    fn class_item(&mut self) -> Result<ClassItem, String> {
        let c = self.peek(0).unwrap_or(']');
        if c == '\\' {
            self.pos += 1;
            if self.peek(0) == Some('d') || self.peek(0).is_some_and(|x| "DwWsS".contains(x)) {
                // Handled by `escape` as sets.
            }
            return Ok(self.escape(true)?.unwrap_or(ClassItem::Char('\\')));
        }
        if c == '[' && self.peek(1) == Some(':') {
            let rest = self.text(self.pos, self.src.len());
            if let Some(end) = rest.find(":]") {
                let body = &rest[2..end];
                let name = body.strip_prefix('^').unwrap_or(body);
                let text = &rest[..end + 2];
                if !ASCII_CLASSES.contains(&name) {
                    return Err(err("invalid character class range", text));
                }
                self.pos += text.chars().count();
                return Ok(ClassItem::Set(text.to_string()));
            }
        }
        self.pos += 1;
        Ok(ClassItem::Char(c))
    }
}

/// A Unicode class name Go knows: a general category, `Any`, or a script.
fn known_property(name: &str) -> bool {
    if GO_CATEGORIES.contains(&name) {
        return true;
    }
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return false;
    }
    if !name.starts_with(|c: char| c.is_ascii_uppercase()) {
        return false;
    }
    regex::Regex::new(&format!(r"\p{{sc={name}}}")).is_ok()
}

#[cfg(test)]
mod tests {
    use super::translate;

    #[test]
    fn translates_go_only_syntax() {
        assert_eq!(
            translate(r"\d\w\s").unwrap(),
            r"[0-9][0-9A-Za-z_][\t\n\x0C\r ]"
        );
        assert_eq!(translate(r"\Qa.b").unwrap(), r"a\.b");
        assert_eq!(translate(r"\141").unwrap(), "a");
        assert_eq!(translate("[[]").unwrap(), r"[\[]");
        assert_eq!(translate("a{2").unwrap(), r"a\{2");
    }

    #[test]
    fn rejects_what_go_rejects() {
        assert_eq!(
            translate("(?=a)").unwrap_err(),
            "invalid or unsupported Perl syntax in (?="
        );
        assert_eq!(
            translate("(?x)a").unwrap_err(),
            "invalid or unsupported Perl syntax in (?x"
        );
        assert_eq!(
            translate("a{1001}").unwrap_err(),
            "invalid repeat count in {1001}"
        );
        assert_eq!(
            translate(r"\i").unwrap_err(),
            r"invalid escape sequence in \i"
        );
        assert_eq!(
            translate(r"\1").unwrap_err(),
            r"invalid escape sequence in \1"
        );
        assert_eq!(
            translate("a**").unwrap_err(),
            "invalid nested repetition operator in **"
        );
        assert_eq!(translate("(a").unwrap_err(), "missing closing ) in (a");
        assert_eq!(
            translate("[z-a]").unwrap_err(),
            "invalid character class range in z-a"
        );
        assert_eq!(
            translate(r"\p{Script=Greek}").unwrap_err(),
            r"invalid character class range in \p{Script=Greek}"
        );
    }
}
