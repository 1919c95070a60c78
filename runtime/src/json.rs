//! A strict `.tfvars.json` reader that accepts and rejects what Terraform's HCL JSON parser does.
//!
//! - The document is exactly one JSON object: an empty file, a top-level array or scalar, or data
//!   after the object are errors. A byte-order mark is an error, as in Terraform.
//! - No comments, trailing commas, single quotes, `NaN`/`Infinity`, leading zeros or `+`.
//! - A key given twice is an error at any depth.
//! - A top-level `"//"` key is a comment and is skipped; a nested `"//"` is ordinary data.
//! - Strings are literal (`"${a}"` stays as written) and NFC-normalised, and so are the keys
//!   of objects inside values; the top-level keys (variable names) are kept as written, as
//!   Terraform keeps them. A lone surrogate escape becomes U+FFFD, as in Go.
//! - Numbers are kept exactly (Go's `big.ParseFloat` range rules: `1e1000000000` is `+Inf`).
//! - Values are typed as cty's JSON decoding types them: arrays are tuples, objects are objects,
//!   `null` is an untyped null.
//! - Nesting deeper than [`MAX_DEPTH`] arrays and objects is an error rather than a stack
//!   overflow; Terraform has no such limit, and no real variable file comes close. 128 levels
//!   keep parsing, conversion and writing (all recursive) well within a 2 MiB thread stack in
//!   debug builds.
//!
//! Errors carry Terraform's summary and detail and the `file:line:column` where they start
//! (columns count grapheme clusters from 1, as HCL does).

use std::collections::BTreeMap;

use crate::diagnostics::{Diagnostic, Severity};
use crate::input::InputVariable;
use crate::number::Number;
use crate::spec::Location;
use crate::value::{go_quote, Value};

/// The deepest nesting of arrays and objects accepted.
pub const MAX_DEPTH: usize = 128;

/// Reads a `.tfvars.json` document: one `InputVariable` per top-level key, in file order, each
/// located at its value. `file` names the file in locations and messages.
pub fn parse_tfvars_json(text: &str, file: &str) -> Result<Vec<InputVariable>, Vec<Diagnostic>> {
    let mut p = Parser::new(text, file);
    p.skip_ws();
    let root = p.pos;
    p.document().map_err(|d| {
        // Terraform follows a broken structure with the errors its recovery finds, and with
        // «Root value must be object»; errors in a single token stand alone.
        let mut all = p.extra.take();
        all.push(*d);
        if p.structural.get() {
            all.push(*p.error(
                root,
                "Root value must be object",
                "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
            ));
        }
        all
    })
}

/// Reads one JSON value with the same strictness (any top-level kind is allowed).
pub fn parse_json_value(text: &str, file: &str) -> Result<Value, Vec<Diagnostic>> {
    let mut p = Parser::new(text, file);
    p.skip_ws();
    let v = p.value(0).map_err(|d| {
        let mut all = p.extra.take();
        all.push(*d);
        all
    })?;
    if !p.extra.borrow().is_empty() {
        return Err(p.extra.take());
    }
    p.skip_ws();
    if p.pos < p.bytes.len() {
        return Err(vec![*p.error(
            p.pos,
            "Extraneous data after value",
            "Extra characters appear after the JSON value.",
        )]);
    }
    Ok(v)
}

type Res<T> = Result<T, Box<Diagnostic>>;

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    file: &'a str,
    pos: usize,
    line_starts: Vec<usize>,
    // Set by errors in the document's structure (as opposed to within one token).
    structural: std::cell::Cell<bool>,
    // Errors found before the one returned.
    extra: std::cell::RefCell<Vec<Diagnostic>>,
    // The input ended inside a string, array or object: every enclosing one reports itself.
    eof: std::cell::Cell<bool>,
    // A string swallowed the rest of the input (after a raw control character).
    swallowed: std::cell::Cell<bool>,
    // Where the input ends as Terraform then reports it.
    eof_location: std::cell::RefCell<Option<Location>>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, file: &'a str) -> Parser<'a> {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Parser {
            text,
            bytes: text.as_bytes(),
            file,
            pos: 0,
            line_starts,
            structural: std::cell::Cell::new(false),
            extra: std::cell::RefCell::new(Vec::new()),
            eof: std::cell::Cell::new(false),
            swallowed: std::cell::Cell::new(false),
            eof_location: std::cell::RefCell::new(None),
        }
    }

    fn location(&self, pos: usize) -> Location {
        let line = match self.line_starts.binary_search(&pos) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line];
        // HCL's JSON scanner counts a grapheme cluster as one column (an emoji family is one),
        // a tab as two and a carriage return as none.
        let column = 1 + unicode_segmentation::UnicodeSegmentation::graphemes(
            &self.text[start..pos.min(self.text.len())],
            true,
        )
        .map(|g| match g {
            "\t" => 2,
            "\r" => 0,
            _ => 1,
        })
        .sum::<usize>();
        Location {
            file: self.file.to_string(),
            line: line as u32 + 1,
            column: column as u32,
        }
    }

    // Terraform's `file:line,col-col` (or `file:line,col-line,col`) form of a range.
    fn range(&self, start: usize, end: usize) -> String {
        let (a, b) = (self.location(start), self.location(end));
        if a.line == b.line {
            format!("{}:{},{}-{}", a.file, a.line, a.column, b.column)
        } else {
            format!("{}:{},{}-{},{}", a.file, a.line, a.column, b.line, b.column)
        }
    }

    fn structural(&self, pos: usize, summary: &str, detail: impl Into<String>) -> Box<Diagnostic> {
        self.structural.set(true);
        self.error(pos, summary, detail)
    }

    fn error(&self, pos: usize, summary: &str, detail: impl Into<String>) -> Box<Diagnostic> {
        Box::new(Diagnostic {
            severity: Severity::Error,
            summary: summary.to_string(),
            detail: detail.into(),
            variable: None,
            path: String::new(),
            location: Some(match self.eof_location.borrow().as_ref() {
                Some(loc) if pos >= self.bytes.len() => loc.clone(),
                _ => self.location(pos),
            }),
        })
    }

    // Where Terraform's scanner puts the end of input when a string stopped at the raw control
    // character at `from`: it scans on (a tab, newline or carriage return is whitespace; any
    // other control character is an invalid token, after which it stops at once), strings
    // running to their closing quote or the next control character.
    fn eof_after_control(&self, from: usize) -> Location {
        let b = self.bytes;
        let mut i = from;
        loop {
            while matches!(b.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
                i += 1;
            }
            let Some(&c) = b.get(i) else {
                return self.location(i);
            };
            match c {
                b'{' | b'}' | b'[' | b']' | b',' | b':' | b'=' => i += 1,
                b'"' => {
                    i += 1;
                    let mut escaping = false;
                    while let Some(&c) = b.get(i) {
                        if c < 32 {
                            break;
                        }
                        i += 1;
                        match c {
                            b'\\' => escaping = !escaping,
                            b'"' if !escaping => break,
                            _ => escaping = false,
                        }
                    }
                }
                b'-' | b'+' | b'.' | b'0'..=b'9' => {
                    while matches!(
                        b.get(i),
                        Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                    ) {
                        i += 1;
                    }
                }
                c if c.is_ascii_alphabetic() => {
                    while matches!(b.get(i), Some(c) if c.is_ascii_alphabetic() || *c == b'_') {
                        i += 1;
                    }
                }
                _ => {
                    let mut loc = self.location(i);
                    loc.column += 1;
                    return loc;
                }
            }
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn document(&mut self) -> Res<Vec<InputVariable>> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some(b'{') => {}
            Some(b'[') => {
                // Parse it first so syntax errors inside come first, as in Terraform.
                self.value(0)?;
                return Err(self.error(
                    start,
                    "Incorrect JSON value type",
                    "A JSON object is required here, setting the arguments for this block.",
                ));
            }
            None => {
                return Err(self.structural(
                    self.pos,
                    "Missing value",
                    "The JSON data ends prematurely.",
                ))
            }
            _ => {
                if let Err(e) = self.value(0) {
                    self.structural.set(true);
                    return Err(e);
                }
                return Err(self.error(
                    start,
                    "Root value must be object",
                    "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
                ));
            }
        }
        // Variable names are HCL attribute names: Terraform does not normalise them.
        let members = self.object_members(0, false)?;
        self.skip_ws();
        if self.pos < self.bytes.len() {
            return Err(self.error(
                self.pos,
                "Extraneous data after value",
                "Extra characters appear after the JSON value.",
            ));
        }
        // Positions only: turning them into line and column is paid for on a duplicate alone.
        let mut seen: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        let mut out = Vec::new();
        for m in members {
            if m.key == "//" {
                continue;
            }
            if let Some(&(start, end)) = seen.get(&m.key) {
                let first = self.range(start, end);
                return Err(self.error(
                    m.key_pos,
                    "Duplicate attribute definition",
                    format!(
                        "The argument {} was already set at {}.",
                        go_quote(&m.key),
                        first
                    ),
                ));
            }
            seen.insert(m.key.clone(), (m.key_pos, m.value_end));
            out.push(InputVariable {
                name: m.key,
                value: m.value,
                location: Some(self.location(m.value_pos)),
            });
        }
        Ok(out)
    }

    fn value(&mut self, depth: usize) -> Res<Value> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            None => Err(self.structural(start, "Missing value", "The JSON data ends prematurely.")),
            Some(b'}' | b']' | b',') => Err(self.error(
                start,
                "Missing JSON value",
                "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
            )),
            Some(b'{') => {
                self.check_depth(depth)?;
                let members = self.object_members(depth, true)?;
                let mut map = BTreeMap::new();
                let mut positions: BTreeMap<String, (usize, usize)> = BTreeMap::new();
                for m in members {
                    if let Some(&(start, end)) = positions.get(&m.key) {
                        let first = self.range(start, end);
                        return Err(self.error(
                            m.key_pos,
                            "Duplicate object attribute",
                            format!(
                                "An attribute named {} was already defined at {}.",
                                go_quote(&m.key),
                                first
                            ),
                        ));
                    }
                    positions.insert(m.key.clone(), (m.key_pos, m.key_end));
                    map.insert(m.key, m.value);
                }
                Ok(Value::Object(map))
            }
            Some(b'[') => {
                self.check_depth(depth)?;
                self.array(depth)
            }
            Some(b'"') => Ok(Value::string(self.string()?)),
            Some(b'0'..=b'9' | b'-' | b'+' | b'.') => self.number(),
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => self.keyword(),
            Some(_) => Err(self.structural(
                start,
                "Invalid start of value",
                "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
            )),
        }
    }

    fn check_depth(&self, depth: usize) -> Res<()> {
        if depth >= MAX_DEPTH {
            return Err(self.error(
                self.pos,
                "Nesting too deep",
                format!("arrays and objects may be nested at most {MAX_DEPTH} levels deep"),
            ));
        }
        Ok(())
    }

    // At `{`: the members, in order. `nfc_keys`: keys are NFC-normalised (object values); the
    // document's own keys are variable names and are kept as written.
    fn object_members(&mut self, depth: usize, nfc_keys: bool) -> Res<Vec<Member>> {
        let open = self.pos;
        let mut last_comma = open;
        self.pos += 1;
        let mut members = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(members);
        }
        loop {
            self.skip_ws();
            let key_pos = self.pos;
            match self.peek() {
                Some(b'"') => {}
                None => return Err(self.unclosed_object(open)),
                Some(b'}') if !members.is_empty() => return Err(self.structural(
                    last_comma,
                    "Trailing comma in object",
                    "JSON does not permit a trailing comma after the final property in an object.",
                )),
                Some(_) => {
                    // Terraform reads a value here first and reports what is wrong with it.
                    if let Err(e) = self.value(depth + 1) {
                        self.extra.borrow_mut().push(*e);
                    }
                    return Err(self.structural(
                        key_pos,
                        "Invalid object property name",
                        "A JSON object property name must be a string",
                    ));
                }
            }
            let key = self.string()?;
            let key = if nfc_keys {
                crate::value::nfc(key)
            } else {
                key
            };
            let key_end = self.pos;
            self.skip_ws();
            match self.peek() {
                Some(b':') => self.pos += 1,
                None => return Err(self.unclosed_object(open)),
                Some(_) => {
                    return Err(self.structural(
                        self.pos,
                        "Missing property value colon",
                        "A colon must appear between an object property's name and its value.",
                    ))
                }
            }
            self.skip_ws();
            if self.peek().is_none() {
                return Err(self.unclosed_object(open));
            }
            let value_pos = self.pos;
            let value = match self.value(depth + 1) {
                Ok(v) => v,
                Err(e) => {
                    if self.eof.get() {
                        self.extra.borrow_mut().push(*self.unclosed_object(open));
                    }
                    return Err(e);
                }
            };
            members.push(Member {
                key,
                key_pos,
                key_end,
                value,
                value_pos,
                value_end: self.pos,
            });
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    last_comma = self.pos;
                    self.pos += 1;
                }
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(members);
                }
                None if !self.swallowed.get() => return Err(self.unclosed_object(open)),
                _ => {
                    return Err(self.structural(
                        self.pos,
                        "Missing attribute seperator comma",
                        "A comma must appear between each property definition in an object.",
                    ))
                }
            }
        }
    }

    fn unclosed_object(&self, open: usize) -> Box<Diagnostic> {
        self.eof.set(true);
        self.structural(
            open,
            "Unclosed object",
            "No closing brace was found for this JSON object.",
        )
    }

    fn array(&mut self, depth: usize) -> Res<Value> {
        let open = self.pos;
        let mut last_comma = open;
        self.pos += 1;
        // Terraform's summary says "object" for arrays too.
        let unclosed = |p: &Parser| {
            p.eof.set(true);
            p.structural(
                open,
                "Unclosed object",
                "No closing bracket was found for this JSON array.",
            )
        };
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Value::Tuple(items));
        }
        loop {
            self.skip_ws();
            match self.peek() {
                None => return Err(unclosed(self)),
                Some(b']') if !items.is_empty() => {
                    return Err(self.structural(
                        last_comma,
                        "Trailing comma in array",
                        "JSON does not permit a trailing comma after the final value in an array.",
                    ))
                }
                _ => {}
            }
            match self.value(depth + 1) {
                Ok(v) => items.push(v),
                Err(e) => {
                    if self.eof.get() {
                        self.extra.borrow_mut().push(*unclosed(self));
                    }
                    return Err(e);
                }
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => {
                    last_comma = self.pos;
                    self.pos += 1;
                }
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::Tuple(items));
                }
                None if !self.swallowed.get() => return Err(unclosed(self)),
                _ => {
                    return Err(self.error(
                        self.pos,
                        "Missing attribute seperator comma",
                        "A comma must appear between each value in an array.",
                    ))
                }
            }
        }
    }

    // At `"`: the decoded string (not yet NFC-normalised).
    fn string(&mut self) -> Res<String> {
        self.pos += 1;
        // Terraform points at a raw control character, or just past a bad escape (where Go's
        // JSON decoder stops).
        let invalid = |p: &Parser, at: usize| {
            p.error(
                at,
                "Invalid JSON string",
                "There is a syntax error in the given JSON string.",
            )
        };
        let mut out = String::new();
        loop {
            // Copy the run of ordinary characters at once.
            let run_start = self.pos;
            while let Some(c) = self.peek() {
                if c == b'"' || c == b'\\' || c < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            out.push_str(&self.text[run_start..self.pos]);
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let c = self.peek().ok_or_else(|| invalid(self, self.pos))?;
                    self.pos += 1;
                    match c {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hi = self.hex4().map_err(|at| invalid(self, at))?;
                            if (0xD800..0xDC00).contains(&hi) {
                                // A surrogate pair, or U+FFFD for a lone half (Go's rule).
                                let save = self.pos;
                                if self.bytes.get(self.pos..self.pos + 2) == Some(b"\\u") {
                                    self.pos += 2;
                                    if let Ok(lo) = self.hex4() {
                                        if (0xDC00..0xE000).contains(&lo) {
                                            let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                                            out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                                            continue;
                                        }
                                    }
                                }
                                self.pos = save;
                                out.push('\u{FFFD}');
                            } else {
                                out.push(char::from_u32(hi).unwrap_or('\u{FFFD}'));
                            }
                        }
                        _ => return Err(invalid(self, self.pos)),
                    }
                }
                // A raw control character ends the string token. Terraform reports it, skips
                // to the end of the input, and finds no separator there (the enclosing arrays
                // and objects report themselves unclosed).
                Some(_) => {
                    self.extra.borrow_mut().push(*invalid(self, self.pos));
                    let eof = self.eof_after_control(self.pos);
                    *self.eof_location.borrow_mut() = Some(eof);
                    self.structural.set(true);
                    self.swallowed.set(true);
                    self.eof.set(true);
                    self.pos = self.bytes.len();
                    return Ok(out);
                }
                None => {
                    self.eof.set(true);
                    return Err(self.structural(
                        self.pos,
                        "Invalid JSON string",
                        "There is a syntax error in the given JSON string.",
                    ));
                }
            }
        }
    }

    // Four hex digits, or the position just past the first bad one.
    fn hex4(&mut self) -> Result<u32, usize> {
        let mut value = 0;
        for i in 0..4 {
            match self
                .bytes
                .get(self.pos + i)
                .and_then(|b| (*b as char).to_digit(16))
            {
                Some(d) => value = value * 16 + d,
                None => return Err((self.pos + i + 1).min(self.bytes.len())),
            }
        }
        self.pos += 4;
        Ok(value)
    }

    fn number(&mut self) -> Res<Value> {
        let start = self.pos;
        while matches!(
            self.peek(),
            Some(b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E')
        ) {
            self.pos += 1;
        }
        match Number::parse_json(&self.text[start..self.pos]) {
            Some(n) => Ok(Value::Number(n)),
            None => Err(self.error(
                start,
                "Invalid JSON number",
                "There is a syntax error in the given JSON number.",
            )),
        }
    }

    fn keyword(&mut self) -> Res<Value> {
        let start = self.pos;
        while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'_') {
            self.pos += 1;
        }
        let word = &self.text[start..self.pos];
        match word {
            "true" => Ok(Value::Bool(true)),
            "false" => Ok(Value::Bool(false)),
            "null" => Ok(Value::null()),
            "undefined" | "NaN" | "Infinity" => Err(self.error(
                start,
                "Invalid JSON keyword",
                format!(
                    "The JavaScript identifier {} cannot be used in JSON.",
                    go_quote(word)
                ),
            )),
            _ => {
                let suggestion = ["true", "false", "null"]
                    .into_iter()
                    .find(|k| levenshtein(word, k) < 3)
                    .map(|k| format!(" Did you mean {}?", go_quote(k)))
                    .unwrap_or_default();
                Err(self.error(
                    start,
                    "Invalid JSON keyword",
                    format!(
                        "{} is not a valid JSON keyword.{suggestion}",
                        go_quote(word)
                    ),
                ))
            }
        }
    }
}

struct Member {
    key: String,
    key_pos: usize,
    key_end: usize,
    value: Value,
    value_pos: usize,
    value_end: usize,
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
