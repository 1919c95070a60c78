//! Translation of Go `regexp` (RE2) patterns, as Terraform's `regex()` reads them, into
//! ECMA-262 patterns for JSON Schema's `pattern` keyword.
//!
//! The output only uses syntax that is valid in ECMA-262 with and without the `u` flag and in
//! code-point engines (Rust `regex`, Go, Python), so AJV, the `jsonschema` crate and others all
//! compile it. It matches exactly what Go matches in engines that see code points (ECMA with `u`,
//! as AJV uses by default, and the others); an ECMA engine without `u` sees a character above
//! U+FFFF as two code units, so `.` and negated classes there count it twice. Anything that
//! cannot be written exactly is refused with the construct that stopped it:
//! - `\s` is ASCII in Go (`[\t\n\f\r ]`) and Unicode in ECMA: it is expanded.
//! - `.` excludes only `\n` in Go and every line terminator in ECMA: it becomes `[^\n]`.
//! - `\d`, `\w`, `\b` are ASCII in both and kept.
//! - `\A`/`\z` become `^`/`$` (without the `m` flag ECMA's `$` matches only at the very end,
//!   like Go's `$`).
//! - POSIX classes, `\Q…\E`, octal and `\x{…}` escapes are expanded; named groups
//!   (`(?P<n>…)`, `(?<n>…)`) become plain groups, since names differ across engines and do not
//!   change what matches.
//! - `(?s)` changes how `.` is written; `(?U)` only swaps greediness, which cannot change
//!   whether a pattern matches, so it is dropped.
//! - `(?i)` on letters, `(?m)` with `^`/`$`, and Unicode classes (`\pL`, `\p{Greek}`) have no
//!   exact form and are refused.

use std::fmt::Write;

/// Translates a Go RE2 pattern to an ECMA-262 pattern, or says why it cannot.
pub fn translate(pattern: &str) -> Result<String, String> {
    let mut p = Parser {
        chars: pattern.chars().collect(),
        pos: 0,
        out: String::with_capacity(pattern.len() + 8),
        flags: Flags::default(),
        depth: 0,
    };
    p.parse_alternation()?;
    if p.pos < p.chars.len() {
        return Err("unexpected `)`: not a valid Go regular expression".into());
    }
    Ok(p.out)
}

#[derive(Clone, Copy, Default)]
struct Flags {
    case_insensitive: bool,
    multi_line: bool,
    dot_nl: bool,
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    out: String,
    flags: Flags,
    depth: usize,
}

/// What the last emitted item was, for quantifiers.
enum Atom {
    /// Nothing that can be repeated (start, `|`, `(`).
    None,
    /// An assertion such as `^`, `$`, `\b`.
    Assertion,
    /// A repeatable item starting at this output offset; `wrap` when it must be grouped first.
    Item { start: usize, wrap: bool },
    /// A quantified item: another quantifier is a Go error.
    Quantified,
}

const SYNTAX: &str = "^$\\.*+?()[]{}|";

fn invalid(what: &str) -> String {
    format!("{what}: not a valid Go regular expression")
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.chars.get(self.pos + n).copied()
    }

    fn parse_alternation(&mut self) -> Result<(), String> {
        let saved = self.flags;
        let mut atom = Atom::None;
        while let Some(c) = self.peek() {
            match c {
                '|' => {
                    self.pos += 1;
                    self.out.push('|');
                    atom = Atom::None;
                }
                ')' => {
                    if self.depth == 0 {
                        return Err(invalid("unexpected `)`"));
                    }
                    break;
                }
                '*' | '+' | '?' => {
                    self.pos += 1;
                    self.quantify(&mut atom, &c.to_string())?;
                }
                '{' => {
                    if let Some((text, len)) = self.repeat_at(self.pos)? {
                        self.pos += len;
                        self.quantify(&mut atom, &text)?;
                    } else {
                        self.pos += 1;
                        let start = self.out.len();
                        self.out.push_str("\\{");
                        atom = Atom::Item { start, wrap: false };
                    }
                }
                '(' => {
                    self.pos += 1;
                    atom = self.group()?;
                }
                '[' => {
                    self.pos += 1;
                    let start = self.out.len();
                    self.class()?;
                    atom = Atom::Item { start, wrap: false };
                }
                '.' => {
                    self.pos += 1;
                    let start = self.out.len();
                    self.out.push_str(if self.flags.dot_nl {
                        "[\\s\\S]"
                    } else {
                        "[^\\n]"
                    });
                    atom = Atom::Item { start, wrap: false };
                }
                '^' | '$' => {
                    self.pos += 1;
                    if self.flags.multi_line {
                        return Err(format!(
                            "`{c}` under the `(?m)` flag has no ECMA-262 inline form"
                        ));
                    }
                    self.out.push(c);
                    atom = Atom::Assertion;
                }
                '\\' => {
                    self.pos += 1;
                    atom = self.escape()?;
                }
                c => {
                    self.pos += 1;
                    atom = self.literal(c)?;
                }
            }
        }
        self.flags = saved;
        Ok(())
    }

    /// Parses `{n}`, `{n,}` or `{n,m}` at `at`; `None` when it is a literal `{` (as in Go).
    fn repeat_at(&self, at: usize) -> Result<Option<(String, usize)>, String> {
        let mut i = at + 1;
        let digits = |i: &mut usize| {
            let s = *i;
            while self.chars.get(*i).is_some_and(|c| c.is_ascii_digit()) {
                *i += 1;
            }
            self.chars[s..*i].iter().collect::<String>()
        };
        let min = digits(&mut i);
        if min.is_empty() {
            return Ok(None);
        }
        let mut max = Some(min.clone());
        if self.chars.get(i) == Some(&',') {
            i += 1;
            let m = digits(&mut i);
            max = if m.is_empty() { None } else { Some(m) };
        }
        if self.chars.get(i) != Some(&'}') {
            return Ok(None);
        }
        i += 1;
        let parse = |s: &str| s.parse::<u64>().unwrap_or(u64::MAX);
        let lo = parse(&min);
        if lo > 1000
            || max
                .as_deref()
                .map(parse)
                .is_some_and(|hi| hi > 1000 || hi < lo)
        {
            return Err(invalid(&format!(
                "invalid repeat count `{}`",
                self.chars[at..i].iter().collect::<String>()
            )));
        }
        let text = match &max {
            Some(m) if *m == min => format!("{{{lo}}}"),
            Some(m) => format!("{{{lo},{}}}", parse(m)),
            None => format!("{{{lo},}}"),
        };
        Ok(Some((text, i - at)))
    }

    fn quantify(&mut self, atom: &mut Atom, op: &str) -> Result<(), String> {
        match atom {
            Atom::None => Err(invalid(&format!(
                "missing argument to repetition operator `{op}`"
            ))),
            Atom::Quantified => Err(invalid(&format!(
                "invalid nested repetition operator `{op}`"
            ))),
            Atom::Assertion => Err(format!(
                "a repeated assertion (`{op}` after an anchor) has no portable ECMA-262 form"
            )),
            Atom::Item { start, wrap } => {
                if *wrap {
                    self.out.insert_str(*start, "(?:");
                    self.out.push(')');
                }
                self.out.push_str(op);
                if self.peek() == Some('?') {
                    self.pos += 1;
                    self.out.push('?');
                }
                *atom = Atom::Quantified;
                Ok(())
            }
        }
    }

    fn group(&mut self) -> Result<Atom, String> {
        let start = self.out.len();
        let saved = self.flags;
        if self.peek() == Some('?') {
            // (?P<name>…), (?<name>…), (?:…), (?flags), (?flags:…)
            let named = match (self.peek_at(1), self.peek_at(2)) {
                (Some('P'), Some('<')) => Some(3),
                (Some('<'), _) => Some(2),
                _ => None,
            };
            if let Some(skip) = named {
                self.pos += skip;
                let mut name = String::new();
                loop {
                    match self.peek() {
                        Some('>') => {
                            self.pos += 1;
                            break;
                        }
                        Some(c) if c.is_ascii_alphanumeric() || c == '_' => {
                            name.push(c);
                            self.pos += 1;
                        }
                        _ => return Err(invalid("invalid named capture")),
                    }
                }
                if name.is_empty() {
                    return Err(invalid("invalid named capture"));
                }
                // The name does not change what matches, and named groups are written
                // differently across engines (`(?<n>` in ECMA, `(?P<n>` in Python): a plain
                // group is read the same everywhere.
                self.out.push('(');
            } else {
                self.pos += 1;
                let mut negate = false;
                let mut flags = self.flags;
                loop {
                    match self.peek() {
                        Some('i') => flags.case_insensitive = !negate,
                        Some('m') => flags.multi_line = !negate,
                        Some('s') => flags.dot_nl = !negate,
                        Some('U') => {}
                        Some('-') if !negate => negate = true,
                        Some(':') => {
                            self.pos += 1;
                            self.flags = flags;
                            self.out.push_str("(?:");
                            break;
                        }
                        Some(')') => {
                            // (?flags): applies to the rest of the enclosing group.
                            self.pos += 1;
                            self.flags = flags;
                            return Ok(Atom::None);
                        }
                        _ => return Err(invalid("invalid or unsupported Perl syntax")),
                    }
                    self.pos += 1;
                }
            }
        } else {
            self.out.push('(');
        }
        self.depth += 1;
        self.parse_alternation()?;
        self.depth -= 1;
        if self.peek() != Some(')') {
            return Err(invalid("missing closing `)`"));
        }
        self.pos += 1;
        self.out.push(')');
        self.flags = saved;
        Ok(Atom::Item { start, wrap: false })
    }

    fn literal(&mut self, c: char) -> Result<Atom, String> {
        if self.flags.case_insensitive && has_case(c) {
            return Err(format!(
                "the case-insensitive flag `(?i)` on `{c}` has no ECMA-262 inline form"
            ));
        }
        let start = self.out.len();
        push_literal(&mut self.out, c);
        Ok(Atom::Item {
            start,
            wrap: (c as u32) > 0xFFFF,
        })
    }

    fn escape(&mut self) -> Result<Atom, String> {
        let Some(c) = self.peek() else {
            return Err(invalid("trailing `\\`"));
        };
        self.pos += 1;
        let start = self.out.len();
        let item = Atom::Item { start, wrap: false };
        match c {
            'A' => {
                self.out.push('^');
                Ok(Atom::Assertion)
            }
            'z' => {
                self.out.push('$');
                Ok(Atom::Assertion)
            }
            'b' | 'B' => {
                let _ = write!(self.out, "\\{c}");
                Ok(Atom::Assertion)
            }
            'd' | 'D' | 'w' | 'W' => {
                let _ = write!(self.out, "\\{c}");
                Ok(item)
            }
            's' => {
                self.out.push_str("[\\t\\n\\f\\r ]");
                Ok(item)
            }
            'S' => {
                self.out.push_str("[^\\t\\n\\f\\r ]");
                Ok(item)
            }
            'p' | 'P' => Err(self.unicode_class_error(c)),
            'Q' => {
                let mut last = Atom::None;
                while self.pos < self.chars.len() {
                    if self.peek() == Some('\\') && self.peek_at(1) == Some('E') {
                        self.pos += 2;
                        break;
                    }
                    let ch = self.chars[self.pos];
                    self.pos += 1;
                    last = self.literal(ch)?;
                }
                Ok(last)
            }
            'E' => Ok(Atom::None),
            _ => {
                let ch = self.escaped_char(c)?;
                self.literal(ch)
            }
        }
    }

    fn unicode_class_error(&mut self, c: char) -> String {
        let mut name = String::new();
        if self.peek() == Some('{') {
            while let Some(ch) = self.peek() {
                self.pos += 1;
                name.push(ch);
                if ch == '}' {
                    break;
                }
            }
        } else if let Some(ch) = self.peek() {
            self.pos += 1;
            name.push(ch);
        }
        format!("the Unicode class `\\{c}{name}` has no exact ECMA-262 form without the `u` flag")
    }

    /// The character meant by an escape that stands for one character (after the `\`).
    fn escaped_char(&mut self, c: char) -> Result<char, String> {
        Ok(match c {
            'a' => '\u{7}',
            'f' => '\u{c}',
            't' => '\t',
            'n' => '\n',
            'r' => '\r',
            'v' => '\u{b}',
            '0'..='7' => {
                // Go: `\0` and `\1`…`\7` followed by an octal digit start an octal escape of up
                // to three digits; a lone `\1`…`\7` is a backreference, which Go rejects.
                if c != '0' && !self.peek().is_some_and(|d| ('0'..='7').contains(&d)) {
                    return Err(invalid(&format!("backreference `\\{c}`")));
                }
                let mut v = c.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match self.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            self.pos += 1;
                        }
                        None => break,
                    }
                }
                char::from_u32(v).unwrap_or('\0')
            }
            'x' => {
                let mut hex = String::new();
                if self.peek() == Some('{') {
                    self.pos += 1;
                    while let Some(h) = self.peek() {
                        self.pos += 1;
                        if h == '}' {
                            break;
                        }
                        hex.push(h);
                    }
                } else {
                    for _ in 0..2 {
                        if let Some(h) = self.peek() {
                            self.pos += 1;
                            hex.push(h);
                        }
                    }
                }
                u32::from_str_radix(&hex, 16)
                    .ok()
                    .filter(|_| !hex.is_empty() && hex.chars().all(|h| h.is_ascii_hexdigit()))
                    .and_then(char::from_u32)
                    .ok_or_else(|| invalid(&format!("invalid escape `\\x{hex}`")))?
            }
            c if c.is_ascii() && !c.is_ascii_alphanumeric() => c,
            c => return Err(invalid(&format!("invalid escape sequence `\\{c}`"))),
        })
    }

    /// A bracketed class, after the `[`: parsed into code-point ranges, then written out.
    fn class(&mut self) -> Result<(), String> {
        let open = self.pos - 1;
        let mut negated = false;
        if self.peek() == Some('^') {
            negated = true;
            self.pos += 1;
        }
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        let mut first = true;
        loop {
            let Some(c) = self.peek() else {
                return Err(invalid("missing closing `]`"));
            };
            if c == ']' && !first {
                self.pos += 1;
                break;
            }
            first = false;
            // POSIX class `[:name:]` / `[:^name:]`
            if c == '[' && self.peek_at(1) == Some(':') {
                let rest: String = self.chars[self.pos + 2..].iter().collect();
                if let Some(end) = rest.find(":]") {
                    let name = &rest[..end];
                    let (neg, name) = match name.strip_prefix('^') {
                        Some(n) => (true, n),
                        None => (false, name),
                    };
                    let set = posix_class(name).ok_or_else(|| {
                        invalid(&format!("invalid character class range `[:{name}:]`"))
                    })?;
                    self.pos += 2 + rest[..end + 2].chars().count();
                    let set = if neg { complement(&set) } else { set };
                    ranges.extend(set);
                    continue;
                }
            }
            let lo = match self.class_atom()? {
                ClassAtom::Set(set) => {
                    ranges.extend(set);
                    continue;
                }
                ClassAtom::Char(ch) => ch,
            };
            // A range `a-z`, unless the `-` is last.
            if self.peek() == Some('-') && self.peek_at(1).is_some_and(|n| n != ']') {
                self.pos += 1;
                let hi = match self.class_atom()? {
                    ClassAtom::Char(ch) => ch,
                    ClassAtom::Set(_) => return Err(invalid("invalid character class range")),
                };
                if (hi as u32) < (lo as u32) {
                    return Err(invalid(&format!(
                        "invalid character class range `{lo}-{hi}`"
                    )));
                }
                ranges.push((lo as u32, hi as u32));
            } else {
                ranges.push((lo as u32, lo as u32));
            }
        }
        let ranges = normalize(ranges);
        let verbatim: String = self.chars[open..self.pos].iter().collect();
        if !self.flags.case_insensitive && class_is_portable(&verbatim) {
            // Same meaning in Go and ECMA-262 (with or without `u`): keep the text as written.
            self.out.push_str(&verbatim);
            return Ok(());
        }
        if self.flags.case_insensitive && ranges.iter().any(|&(a, b)| range_has_case(a, b)) {
            return Err(
                "the case-insensitive flag `(?i)` on a character class has no ECMA-262 inline form"
                    .into(),
            );
        }
        // Write the class so that it needs no code point above U+FFFF (those would need the `u`
        // flag inside a class): flip it when only its complement is free of them.
        let (negated, ranges) = if ranges.iter().any(|&(_, b)| b > 0xFFFF) {
            let comp = complement(&ranges);
            if comp.iter().any(|&(_, b)| b > 0xFFFF) {
                return Err(
                    "a character class with characters above U+FFFF has no portable ECMA-262 form"
                        .into(),
                );
            }
            (!negated, comp)
        } else {
            (negated, ranges)
        };
        if ranges.is_empty() {
            // Matches nothing (or, negated, any character).
            self.out
                .push_str(if negated { "[\\s\\S]" } else { "[^\\s\\S]" });
            return Ok(());
        }
        self.out.push('[');
        if negated {
            self.out.push('^');
        }
        for (a, b) in ranges {
            push_class_char(&mut self.out, a);
            if b > a {
                if b > a + 1 {
                    self.out.push('-');
                }
                push_class_char(&mut self.out, b);
            }
        }
        self.out.push(']');
        Ok(())
    }

    fn class_atom(&mut self) -> Result<ClassAtom, String> {
        let c = self.chars[self.pos];
        self.pos += 1;
        if c != '\\' {
            return Ok(ClassAtom::Char(c));
        }
        let Some(e) = self.peek() else {
            return Err(invalid("trailing `\\`"));
        };
        self.pos += 1;
        let set = match e {
            'd' => vec![(0x30, 0x39)],
            'D' => complement(&[(0x30, 0x39)]),
            'w' => word(),
            'W' => complement(&word()),
            's' => space(),
            'S' => complement(&space()),
            'p' | 'P' => return Err(self.unicode_class_error(e)),
            _ => return Ok(ClassAtom::Char(self.escaped_char(e)?)),
        };
        Ok(ClassAtom::Set(set))
    }
}

/// Whether a bracketed class, as written, means the same in Go and in ECMA-262 with and without
/// the `u` flag: printable ASCII, no nested `[` or POSIX class, no leading `]`, only escapes that
/// are identity or ASCII class escapes in both, and no `-` next to a class escape.
fn class_is_portable(text: &str) -> bool {
    let body = &text[1..text.len() - 1];
    let body = body.strip_prefix('^').unwrap_or(body);
    if body.is_empty()
        || body.starts_with(']')
        || !body.bytes().all(|b| (0x20..0x7f).contains(&b))
        || body.contains('[')
    {
        return false;
    }
    let mut has_class_escape = false;
    let mut bytes = body.bytes();
    while let Some(b) = bytes.next() {
        if b == b'\\' {
            match bytes.next() {
                Some(b'd' | b'D' | b'w' | b'W') => has_class_escape = true,
                Some(
                    b'\\' | b']' | b'^' | b'-' | b'.' | b'$' | b'*' | b'+' | b'?' | b'(' | b')'
                    | b'{' | b'}' | b'|' | b'/' | b't' | b'n' | b'r' | b'f' | b'v',
                ) => {}
                _ => return false,
            }
        }
    }
    !(has_class_escape && body.contains('-'))
}

enum ClassAtom {
    Char(char),
    Set(Vec<(u32, u32)>),
}

fn word() -> Vec<(u32, u32)> {
    vec![(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]
}

fn space() -> Vec<(u32, u32)> {
    vec![(0x09, 0x0A), (0x0C, 0x0D), (0x20, 0x20)]
}

fn posix_class(name: &str) -> Option<Vec<(u32, u32)>> {
    let r = |s: &[(char, char)]| s.iter().map(|&(a, b)| (a as u32, b as u32)).collect();
    Some(match name {
        "alnum" => r(&[('0', '9'), ('A', 'Z'), ('a', 'z')]),
        "alpha" => r(&[('A', 'Z'), ('a', 'z')]),
        "ascii" => r(&[('\0', '\x7f')]),
        "blank" => r(&[('\t', '\t'), (' ', ' ')]),
        "cntrl" => r(&[('\0', '\x1f'), ('\x7f', '\x7f')]),
        "digit" => r(&[('0', '9')]),
        "graph" => r(&[('!', '~')]),
        "lower" => r(&[('a', 'z')]),
        "print" => r(&[(' ', '~')]),
        "punct" => r(&[('!', '/'), (':', '@'), ('[', '`'), ('{', '~')]),
        "space" => r(&[('\t', '\r'), (' ', ' ')]),
        "upper" => r(&[('A', 'Z')]),
        "word" => r(&[('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')]),
        "xdigit" => r(&[('0', '9'), ('A', 'F'), ('a', 'f')]),
        _ => return None,
    })
}

fn normalize(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    ranges.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for (a, b) in ranges {
        match out.last_mut() {
            Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

/// The complement within Unicode scalar values (surrogates excluded).
fn complement(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let ranges = normalize(ranges.to_vec());
    let mut out = Vec::new();
    let mut next = 0u32;
    for (a, b) in ranges {
        if a > next {
            out.push((next, a - 1));
        }
        next = b + 1;
    }
    if next <= 0x10FFFF {
        out.push((next, 0x10FFFF));
    }
    // Remove the surrogate block.
    let mut clean = Vec::new();
    for (a, b) in out {
        if b < 0xD800 || a > 0xDFFF {
            clean.push((a, b));
        } else {
            if a < 0xD800 {
                clean.push((a, 0xD7FF));
            }
            if b > 0xDFFF {
                clean.push((0xE000, b));
            }
        }
    }
    clean
}

fn has_case(c: char) -> bool {
    c.to_lowercase().ne(std::iter::once(c)) || c.to_uppercase().ne(std::iter::once(c))
}

fn range_has_case(a: u32, b: u32) -> bool {
    if b - a > 4096 {
        return true;
    }
    (a..=b).filter_map(char::from_u32).any(has_case)
}

/// The texts a translated pattern matches when it matches whole texts only (`^` … `$`) and
/// its language is a few of them (`^(admin|root|user[12])$`); `None` otherwise. Classes must be
/// small and ASCII, where every engine reads them alike.
pub(crate) fn whole_text_literals(pattern: &str) -> Option<Vec<String>> {
    use regex_syntax::hir::{Class, Hir, HirKind, Look};
    const MOST: usize = 1024;
    fn texts(h: &Hir) -> Option<Vec<String>> {
        match h.kind() {
            HirKind::Empty => Some(vec![String::new()]),
            HirKind::Literal(l) => Some(vec![String::from_utf8(l.0.to_vec()).ok()?]),
            HirKind::Class(Class::Unicode(c)) => {
                let mut out = Vec::new();
                for r in c.ranges() {
                    if !r.end().is_ascii()
                        || out.len() + (r.end() as usize - r.start() as usize) >= 16
                    {
                        return None;
                    }
                    out.extend((r.start()..=r.end()).map(String::from));
                }
                Some(out)
            }
            HirKind::Capture(c) => texts(&c.sub),
            HirKind::Concat(parts) => {
                let mut out = vec![String::new()];
                for part in parts {
                    let next = texts(part)?;
                    if out.len() * next.len() > MOST {
                        return None;
                    }
                    out = out
                        .iter()
                        .flat_map(|a| next.iter().map(move |b| format!("{a}{b}")))
                        .collect();
                }
                Some(out)
            }
            HirKind::Alternation(alts) => {
                let mut out = Vec::new();
                for a in alts {
                    out.extend(texts(a)?);
                    if out.len() > MOST {
                        return None;
                    }
                }
                Some(out)
            }
            _ => None,
        }
    }
    let hir = regex_syntax::Parser::new().parse(pattern).ok()?;
    let HirKind::Concat(parts) = hir.kind() else {
        return None;
    };
    let [first, middle @ .., last] = parts.as_slice() else {
        return None;
    };
    if *first.kind() != HirKind::Look(Look::Start) || *last.kind() != HirKind::Look(Look::End) {
        return None;
    }
    let mut out = texts(&Hir::concat(middle.to_vec()))?;
    out.sort();
    out.dedup();
    Some(out)
}

/// Escapes a literal string for use inside an ECMA-262 pattern (as `startswith` needs).
pub fn escape_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    s.chars().for_each(|c| push_literal(&mut out, c));
    out
}

fn push_literal(out: &mut String, c: char) {
    if SYNTAX.contains(c) {
        out.push('\\');
        out.push(c);
    } else {
        push_plain(out, c);
    }
}

fn push_class_char(out: &mut String, c: u32) {
    let Some(ch) = char::from_u32(c) else {
        let _ = write!(out, "\\u{c:04X}");
        return;
    };
    if matches!(ch, '\\' | ']' | '[' | '^' | '-') {
        out.push('\\');
        out.push(ch);
    } else {
        push_plain(out, ch);
    }
}

fn push_plain(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\u{b}' => out.push_str("\\v"),
        '\u{c}' => out.push_str("\\f"),
        c if (c as u32) < 0x20 || c == '\u{7f}' => {
            let _ = write!(out, "\\x{:02X}", c as u32);
        }
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::translate;

    #[test]
    fn whole_text_literals_of_small_languages() {
        use super::whole_text_literals;
        let lits = |p: &str| whole_text_literals(&translate(p).unwrap());
        assert_eq!(
            lits("^(admin|a|1|123|user[12])$").unwrap(),
            ["1", "123", "a", "admin", "user1", "user2"]
        );
        assert_eq!(lits("^(?:on|off)$").unwrap(), ["off", "on"]);
        assert_eq!(lits("^x?$").map(|_| ()), None);
        assert_eq!(lits("^adm"), None);
        assert_eq!(lits("admin$"), None);
        assert_eq!(lits("^[a-z]$"), None);
        assert_eq!(lits("^\\d$"), None);
        assert_eq!(lits("^[ab]c$").unwrap(), ["ac", "bc"]);
    }

    fn ok(go: &str, ecma: &str) {
        assert_eq!(translate(go).as_deref(), Ok(ecma), "translating {go:?}");
    }

    fn refused(go: &str, why: &str) {
        let err = translate(go).expect_err(go);
        assert!(err.contains(why), "{go:?}: {err}");
    }

    #[test]
    fn common_patterns_are_kept() {
        ok("^[a-z0-9-]+$", "^[a-z0-9-]+$");
        ok("^#[0-9a-fA-F]{6}$", "^#[0-9a-fA-F]{6}$");
        ok("[\\w-]", "[\\-0-9A-Z_a-z]");
        ok("[^\\d\\.]", "[^\\d\\.]");
        ok(
            "^[0-9]{1,3}(\\.[0-9]{1,3}){3}$",
            "^[0-9]{1,3}(\\.[0-9]{1,3}){3}$",
        );
        ok("\\d+\\w*\\b", "\\d+\\w*\\b");
        ok("a|b|", "a|b|");
        ok("x*?y+?z??", "x*?y+?z??");
    }

    #[test]
    fn differences_are_rewritten() {
        ok("\\s", "[\\t\\n\\f\\r ]");
        ok("\\S+", "[^\\t\\n\\f\\r ]+");
        ok("[\\s,]", "[\\t\\n\\f\\r ,]");
        ok("a.b", "a[^\\n]b");
        ok("(?s)a.b", "a[\\s\\S]b");
        ok("\\Aab\\z", "^ab$");
        ok("\\Qa.b*\\E", "a\\.b\\*");
        ok("[[:alpha:]]+", "[A-Za-z]+");
        ok("[[:^digit:]]", "[^0-9]");
        ok("[^[:space:]]", "[^\\t-\\r ]");
        ok("(?P<year>\\d{4})(?<m>\\d\\d)", "(\\d{4})(\\d\\d)");
        ok("\\141\\x62\\x{63}", "abc");
        ok("a{,3}", "a\\{,3\\}");
        ok("[]a]", "[\\]a]");
        ok("[a-]", "[a-]");
        ok("[é]", "[é]");
        ok("[\\@]", "[@]");
        ok("(?U)a+", "a+");
        ok("(?i)[0-9]+", "[0-9]+");
        ok("\\@\\-", "@-");
        ok("😀+", "(?:😀)+");
        ok("[&&]", "[&&]");
        ok("[[]", "[\\[]");
    }

    #[test]
    fn inexact_or_invalid_patterns_are_refused() {
        refused("(?i)abc", "(?i)");
        refused("(?m)^a$", "(?m)");
        refused("\\pL", "\\pL");
        refused("\\p{Greek}", "\\p{Greek}");
        refused("(?=a)", "not a valid Go regular expression");
        refused("a**", "nested repetition");
        refused("*a", "missing argument");
        refused("a{1001}", "repeat count");
        refused("\\1", "backreference");
        refused("(a", "missing closing");
        refused("[a", "missing closing");
        refused("\\C", "invalid escape");
    }
}
