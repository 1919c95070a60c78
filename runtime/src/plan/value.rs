//! Values of a plan (and of a spec file): JSON data with exact numbers, and a strict JSON
//! reader for them.
//!
//! `serde_json` reads a number beyond 64-bit integers as an `f64` unless its
//! `arbitrary_precision` feature is on, and that feature would change `serde_json::Value` for
//! every crate of a build; this reader keeps numbers exact with the runtime's [`Number`]. It is
//! a byte loop with no per-character allocation, and can skip a value without building it
//! (a plan's `prior_state` and `configuration` are read only for syntax).

use std::borrow::Cow;
use std::fmt;

use crate::number::Number;

/// A JSON value with exact numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanValue {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, exact.
    Number(Number),
    /// A string.
    String(String),
    /// An array (Terraform lists, sets and tuples, and nested blocks).
    Array(Vec<PlanValue>),
    /// An object (Terraform objects and maps, and single nested blocks).
    Object(PlanObject),
}

/// An object's attributes, sorted by name, each name once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlanObject(Vec<(String, PlanValue)>);

impl PlanObject {
    /// An object of these attributes (a later duplicate name wins).
    pub fn new(attrs: impl IntoIterator<Item = (String, PlanValue)>) -> PlanObject {
        let mut attrs: Vec<(String, PlanValue)> = attrs.into_iter().collect();
        // Stable: equal names stay in order, and the last of them is kept.
        attrs.sort_by(|a, b| a.0.cmp(&b.0));
        let mut out: Vec<(String, PlanValue)> = Vec::with_capacity(attrs.len());
        for (k, v) in attrs {
            match out.last_mut() {
                Some(last) if last.0 == k => last.1 = v,
                _ => out.push((k, v)),
            }
        }
        PlanObject(out)
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    /// The attribute `key`.
    pub fn get(&self, key: &str) -> Option<&PlanValue> {
        self.find(key).ok().map(|i| &self.0[i].1)
    }

    /// Whether the object has the attribute `key`.
    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Takes the attribute `key` out.
    pub fn remove(&mut self, key: &str) -> Option<PlanValue> {
        self.find(key).ok().map(|i| self.0.remove(i).1)
    }

    /// The attributes, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &PlanValue)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The names, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| k.as_str())
    }

    /// The values, in name order.
    pub fn values(&self) -> impl Iterator<Item = &PlanValue> {
        self.0.iter().map(|(_, v)| v)
    }

    /// How many attributes.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds an attribute; `Err` when the name is there already. Names that come in order
    /// (as Terraform writes them) are appended; others are put in place.
    pub(crate) fn insert_new(&mut self, key: String, value: PlanValue) -> Result<(), ()> {
        match self.0.last() {
            Some((last, _)) if *last >= key => match self.find(&key) {
                Ok(_) => Err(()),
                Err(i) => {
                    self.0.insert(i, (key, value));
                    Ok(())
                }
            },
            _ => {
                self.0.push((key, value));
                Ok(())
            }
        }
    }
}

impl IntoIterator for PlanObject {
    type Item = (String, PlanValue);
    type IntoIter = std::vec::IntoIter<(String, PlanValue)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl PlanValue {
    /// Whether the value is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, PlanValue::Null)
    }

    /// The string, if the value is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            PlanValue::String(s) => Some(s),
            _ => None,
        }
    }

    /// The number, if the value is one.
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            PlanValue::Number(n) => Some(n),
            _ => None,
        }
    }

    /// The boolean, if the value is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            PlanValue::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The elements, if the value is an array.
    pub fn as_array(&self) -> Option<&[PlanValue]> {
        match self {
            PlanValue::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The attributes, if the value is an object.
    pub fn as_object(&self) -> Option<&PlanObject> {
        match self {
            PlanValue::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The attribute `key` of an object (`None` for a missing key or a value of another kind).
    pub fn get(&self, key: &str) -> Option<&PlanValue> {
        self.as_object().and_then(|o| o.get(key))
    }

    /// Reads a JSON document (one value, nothing after it but white space).
    ///
    /// ```
    /// use tfvars_runtime::plan::PlanValue;
    /// let v = PlanValue::from_json(r#"{"big": 123456789012345678901234567890}"#).unwrap();
    /// assert_eq!(v.get("big").unwrap().as_number().unwrap().to_string(), "123456789012345678901234567890");
    /// assert!(PlanValue::from_json("[1,]").is_err());
    /// ```
    pub fn from_json(text: &str) -> Result<PlanValue, JsonError> {
        let mut r = Reader::new(text);
        let v = r.value(0)?;
        r.end()?;
        Ok(v)
    }

    /// The kind of value, for messages: `a string`, `an object`, …
    pub fn kind(&self) -> &'static str {
        match self {
            PlanValue::Null => "null",
            PlanValue::Bool(_) => "a boolean",
            PlanValue::Number(_) => "a number",
            PlanValue::String(_) => "a string",
            PlanValue::Array(_) => "an array",
            PlanValue::Object(_) => "an object",
        }
    }
}

impl From<&str> for PlanValue {
    fn from(s: &str) -> PlanValue {
        PlanValue::String(s.to_string())
    }
}

impl From<String> for PlanValue {
    fn from(s: String) -> PlanValue {
        PlanValue::String(s)
    }
}

impl From<bool> for PlanValue {
    fn from(b: bool) -> PlanValue {
        PlanValue::Bool(b)
    }
}

impl From<Number> for PlanValue {
    fn from(n: Number) -> PlanValue {
        PlanValue::Number(n)
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for PlanValue {
            fn from(n: $t) -> PlanValue {
                PlanValue::Number(Number::from(n))
            }
        }
    )*};
}
from_int!(i32, i64, u32, u64, usize);

/// A JSON syntax error: what, and the line and column (1-based, columns in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// What is wrong.
    pub message: String,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for JsonError {}

/// The deepest nesting of arrays and objects read (the reader recurses).
pub const MAX_DEPTH: usize = 256;

/// A JSON reader over a string.
pub(crate) struct Reader<'a> {
    text: &'a str,
    b: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    pub(crate) fn new(text: &'a str) -> Reader<'a> {
        Reader {
            text,
            b: text.as_bytes(),
            pos: 0,
        }
    }

    /// An error at the current position.
    pub(crate) fn error(&self, message: impl Into<String>) -> JsonError {
        self.error_at(self.pos, message)
    }

    pub(crate) fn error_at(&self, pos: usize, message: impl Into<String>) -> JsonError {
        let pos = pos.min(self.b.len());
        let before = &self.b[..pos];
        let line = before.iter().filter(|&&c| c == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |i| i + 1);
        let column = self.text[line_start..floor_char(self.text, pos)]
            .chars()
            .count()
            + 1;
        JsonError {
            message: message.into(),
            line,
            column,
        }
    }

    fn ws(&mut self) {
        while let Some(&c) = self.b.get(self.pos) {
            if matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.b.get(self.pos).copied()
    }

    /// Whether the next value starts with `c`.
    pub(crate) fn peek_is(&mut self, c: u8) -> bool {
        self.peek() == Some(c)
    }

    /// After the document: only white space may follow.
    pub(crate) fn end(&mut self) -> Result<(), JsonError> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.error("unexpected data after the JSON value")),
        }
    }

    fn found(&mut self) -> String {
        match self.peek() {
            None => "the end of the input".to_string(),
            Some(_) => {
                let c = self.text[self.pos..].chars().next().unwrap_or('?');
                format!("`{c}`")
            }
        }
    }

    fn expect(&mut self, c: u8, what: &str) -> Result<(), JsonError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            let found = self.found();
            Err(self.error(format!("expected {what}, found {found}")))
        }
    }

    /// Reads one value.
    pub(crate) fn value(&mut self, depth: usize) -> Result<PlanValue, JsonError> {
        match self.peek() {
            Some(b'{') => {
                let mut map = PlanObject::default();
                self.object(depth, |r, key, at| {
                    let v = r.value(depth + 1)?;
                    if map.insert_new(key.into_owned(), v).is_err() {
                        return Err(r.error_at(at, "duplicate key in an object"));
                    }
                    Ok(())
                })?;
                Ok(PlanValue::Object(map))
            }
            Some(b'[') => {
                let mut items = Vec::new();
                self.array(depth, |r| {
                    items.push(r.value(depth + 1)?);
                    Ok(())
                })?;
                Ok(PlanValue::Array(items))
            }
            Some(b'"') => Ok(PlanValue::String(self.string()?)),
            Some(b'-' | b'0'..=b'9') => Ok(PlanValue::Number(self.number()?)),
            Some(b't') => self.word("true", PlanValue::Bool(true)),
            Some(b'f') => self.word("false", PlanValue::Bool(false)),
            Some(b'n') => self.word("null", PlanValue::Null),
            _ => {
                let found = self.found();
                Err(self.error(format!("expected a JSON value, found {found}")))
            }
        }
    }

    /// Checks one value's syntax without building it.
    pub(crate) fn skip(&mut self, depth: usize) -> Result<(), JsonError> {
        match self.peek() {
            Some(b'{') => self.object(depth, |r, _, _| r.skip(depth + 1)),
            Some(b'[') => self.array(depth, |r| r.skip(depth + 1)),
            Some(b'"') => self.string_end().map(|_| ()),
            Some(b'-' | b'0'..=b'9') => self.number_text().map(|_| ()),
            _ => self.value(depth).map(|_| ()),
        }
    }

    fn word(&mut self, word: &str, v: PlanValue) -> Result<PlanValue, JsonError> {
        if self.b[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(v)
        } else {
            let found = self.found();
            Err(self.error(format!("expected a JSON value, found {found}")))
        }
    }

    /// Reads an object, calling `f` with each key (and where it starts) with the reader at its
    /// value; `f` must read or skip the value.
    pub(crate) fn object(
        &mut self,
        depth: usize,
        mut f: impl FnMut(&mut Self, Cow<'a, str>, usize) -> Result<(), JsonError>,
    ) -> Result<(), JsonError> {
        if depth >= MAX_DEPTH {
            return Err(self.error(format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        self.expect(b'{', "`{`")?;
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            if self.peek() != Some(b'"') {
                let found = self.found();
                return Err(self.error(format!("expected a string key, found {found}")));
            }
            let at = self.pos;
            let key = self.string_cow()?;
            self.expect(b':', "`:` after an object key")?;
            f(self, key, at)?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => {
                    let found = self.found();
                    return Err(self.error(format!("expected `,` or `}}`, found {found}")));
                }
            }
        }
    }

    pub(crate) fn array(
        &mut self,
        depth: usize,
        mut f: impl FnMut(&mut Self) -> Result<(), JsonError>,
    ) -> Result<(), JsonError> {
        if depth >= MAX_DEPTH {
            return Err(self.error(format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        self.expect(b'[', "`[`")?;
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(());
        }
        loop {
            f(self)?;
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(());
                }
                _ => {
                    let found = self.found();
                    return Err(self.error(format!("expected `,` or `]`, found {found}")));
                }
            }
        }
    }

    fn number_text(&mut self) -> Result<&'a str, JsonError> {
        let start = self.pos;
        let b = self.b;
        let mut i = start;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        match b.get(i) {
            Some(b'0') => i += 1,
            Some(b'1'..=b'9') => {
                while b.get(i).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                }
            }
            _ => return Err(self.error_at(i, "invalid number: expected a digit")),
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            if !b.get(i).is_some_and(u8::is_ascii_digit) {
                return Err(self.error_at(i, "invalid number: expected a digit after `.`"));
            }
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            if !b.get(i).is_some_and(u8::is_ascii_digit) {
                return Err(self.error_at(i, "invalid number: expected a digit in the exponent"));
            }
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        if b.get(i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'.')
        {
            return Err(self.error_at(i, "invalid number"));
        }
        self.pos = i;
        Ok(&self.text[start..i])
    }

    fn number(&mut self) -> Result<Number, JsonError> {
        let start = self.pos;
        let text = self.number_text()?;
        Number::parse_json(text).ok_or_else(|| self.error_at(start, "invalid number"))
    }

    /// Reads a string (the reader is at its opening quote).
    pub(crate) fn string(&mut self) -> Result<String, JsonError> {
        self.string_cow().map(Cow::into_owned)
    }

    /// Reads a string, borrowed from the text when it has no escapes.
    fn string_cow(&mut self) -> Result<Cow<'a, str>, JsonError> {
        let start = self.pos + 1;
        let (end, escaped) = self.string_end()?;
        let text: &'a str = self.text;
        if !escaped {
            return Ok(Cow::Borrowed(&text[start..end]));
        }
        let mut out = String::with_capacity(end - start);
        let raw = &self.text[start..end];
        let mut chars = raw.char_indices();
        while let Some((i, c)) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            let (_, e) = chars.next().expect("checked by string_end");
            match e {
                '"' => out.push('"'),
                '\\' => out.push('\\'),
                '/' => out.push('/'),
                'b' => out.push('\u{8}'),
                'f' => out.push('\u{c}'),
                'n' => out.push('\n'),
                'r' => out.push('\r'),
                't' => out.push('\t'),
                'u' => {
                    // Four hex digits, checked by `string_end`. A lone surrogate becomes
                    // U+FFFD, as Go's decoder makes it.
                    let unit = |chars: &mut std::str::CharIndices| -> u32 {
                        let hex: String = chars.by_ref().take(4).map(|(_, c)| c).collect();
                        u32::from_str_radix(&hex, 16).expect("checked by string_end")
                    };
                    let first = unit(&mut chars);
                    let c =
                        if (0xD800..0xDC00).contains(&first) && chars.as_str().starts_with("\\u") {
                            let mut ahead = chars.clone();
                            ahead.next();
                            ahead.next();
                            let second = unit(&mut ahead);
                            if (0xDC00..0xE000).contains(&second) {
                                chars = ahead;
                                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                            } else {
                                0xFFFD
                            }
                        } else {
                            first
                        };
                    out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                }
                _ => return Err(self.error_at(start + i, "invalid escape in a string")),
            }
        }
        Ok(Cow::Owned(out))
    }

    /// Finds the end of a string (the reader is at its opening quote; afterwards past its
    /// closing one): the offset of the closing quote and whether it holds escapes.
    fn string_end(&mut self) -> Result<(usize, bool), JsonError> {
        let b = self.b;
        let mut i = self.pos + 1;
        let mut escaped = false;
        loop {
            match b.get(i) {
                None => return Err(self.error_at(self.pos, "unterminated string")),
                Some(b'"') => break,
                Some(b'\\') => {
                    escaped = true;
                    match b.get(i + 1) {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => i += 2,
                        Some(b'u') => {
                            let hex = b.get(i + 2..i + 6);
                            if !hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                                return Err(self.error_at(
                                    i,
                                    "invalid `\\u` escape: expected four hex digits",
                                ));
                            }
                            i += 6;
                        }
                        _ => return Err(self.error_at(i, "invalid escape in a string")),
                    }
                }
                Some(c) if *c < 0x20 => {
                    return Err(self.error_at(i, "control character in a string"))
                }
                Some(_) => i += 1,
            }
        }
        self.pos = i + 1;
        Ok((i, escaped))
    }
}

// The largest char boundary at or before `pos`.
fn floor_char(text: &str, mut pos: usize) -> usize {
    while !text.is_char_boundary(pos) {
        pos -= 1;
    }
    pos
}
