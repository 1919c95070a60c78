//! A strict JSON parser that keeps the byte span of every value, for `file:line:col` messages.

use std::ops::Range;

use tfvars_runtime::Number;

/// A JSON value with the byte span it was parsed from.
#[derive(Clone, Debug)]
pub(crate) struct Json {
    pub span: Range<usize>,
    pub kind: JsonKind,
}

#[derive(Clone, Debug)]
pub(crate) enum JsonKind {
    Null,
    Bool(bool),
    /// The number's source text.
    Number(String),
    String(String),
    Array(Vec<Json>),
    /// Properties in order, with each key's span.
    Object(Vec<(String, Range<usize>, Json)>),
}

/// Parses a JSON document strictly (no comments, no trailing commas, one value), keeping spans.
/// The error is a byte offset and a message.
pub(crate) fn parse(text: &str) -> Result<Json, (usize, String)> {
    let mut p = Parser {
        s: text.as_bytes(),
        text,
        i: 0,
        depth: 0,
    };
    p.ws();
    let v = p.value()?;
    p.ws();
    if p.i != p.s.len() {
        return Err((
            p.i,
            "Invalid JSON syntax: extraneous data after the JSON value".into(),
        ));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
    depth: usize,
}

const MAX_JSON_DEPTH: usize = 256;

impl Parser<'_> {
    fn ws(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn err<T>(&self, msg: &str) -> Result<T, (usize, String)> {
        Err((self.i, format!("Invalid JSON syntax: {msg}")))
    }

    fn value(&mut self) -> Result<Json, (usize, String)> {
        let start = self.i;
        let kind = match self.s.get(self.i) {
            None => return self.err("unexpected end of file: a JSON value is required"),
            Some(b'{') => {
                self.nest()?;
                self.i += 1;
                let mut props = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b'}') {
                    self.i += 1;
                } else {
                    loop {
                        self.ws();
                        if self.s.get(self.i) != Some(&b'"') {
                            return self.err("expected a property name in double quotes");
                        }
                        let kstart = self.i;
                        let key = self.string()?;
                        let kspan = kstart..self.i;
                        self.ws();
                        if self.s.get(self.i) != Some(&b':') {
                            return self.err("expected `:` after the property name");
                        }
                        self.i += 1;
                        self.ws();
                        let v = self.value()?;
                        props.push((key, kspan, v));
                        self.ws();
                        match self.s.get(self.i) {
                            Some(b',') => {
                                let comma = self.i;
                                self.i += 1;
                                self.ws();
                                if self.s.get(self.i) == Some(&b'}') {
                                    return Err((
                                        comma,
                                        "Trailing comma in object: JSON does not permit a \
                                         trailing comma after the final property in an object"
                                            .into(),
                                    ));
                                }
                            }
                            Some(b'}') => {
                                self.i += 1;
                                break;
                            }
                            _ => return self.err("expected `,` or `}`"),
                        }
                    }
                }
                self.depth -= 1;
                JsonKind::Object(props)
            }
            Some(b'[') => {
                self.nest()?;
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b']') {
                    self.i += 1;
                } else {
                    loop {
                        self.ws();
                        items.push(self.value()?);
                        self.ws();
                        match self.s.get(self.i) {
                            Some(b',') => {
                                let comma = self.i;
                                self.i += 1;
                                self.ws();
                                if self.s.get(self.i) == Some(&b']') {
                                    return Err((
                                        comma,
                                        "Trailing comma in array: JSON does not permit a \
                                         trailing comma after the final value in an array"
                                            .into(),
                                    ));
                                }
                            }
                            Some(b']') => {
                                self.i += 1;
                                break;
                            }
                            _ => return self.err("expected `,` or `]`"),
                        }
                    }
                }
                self.depth -= 1;
                JsonKind::Array(items)
            }
            Some(b'"') => JsonKind::String(self.string()?),
            Some(b't') if self.s[self.i..].starts_with(b"true") => {
                self.i += 4;
                JsonKind::Bool(true)
            }
            Some(b'f') if self.s[self.i..].starts_with(b"false") => {
                self.i += 5;
                JsonKind::Bool(false)
            }
            Some(b'n') if self.s[self.i..].starts_with(b"null") => {
                self.i += 4;
                JsonKind::Null
            }
            Some(b'-' | b'0'..=b'9') => {
                while matches!(
                    self.s.get(self.i),
                    Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                ) {
                    self.i += 1;
                }
                let text = &self.text[start..self.i];
                if Number::parse_json(text).is_none() {
                    return Err((
                        start,
                        format!("Invalid JSON syntax: invalid number `{text}`"),
                    ));
                }
                JsonKind::Number(text.to_string())
            }
            Some(_) => return self.err("a JSON value is required here"),
        };
        Ok(Json {
            span: start..self.i,
            kind,
        })
    }

    fn nest(&mut self) -> Result<(), (usize, String)> {
        self.depth += 1;
        if self.depth > MAX_JSON_DEPTH {
            return self.err("JSON nested too deeply");
        }
        Ok(())
    }

    fn string(&mut self) -> Result<String, (usize, String)> {
        self.i += 1;
        let mut out = String::new();
        loop {
            let start = self.i;
            while !matches!(self.s.get(self.i), None | Some(b'"' | b'\\' | 0..=0x1f)) {
                self.i += 1;
            }
            out.push_str(&self.text[start..self.i]);
            match self.s.get(self.i) {
                Some(b'"') => {
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.i += 1;
                    let c = match self.s.get(self.i) {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            let hi = self.hex4()?;
                            if (0xD800..0xDC00).contains(&hi) {
                                if !self.s[self.i + 1..].starts_with(b"\\u") {
                                    return self.err("invalid surrogate pair in string escape");
                                }
                                self.i += 2;
                                let lo = self.hex4()?;
                                let c = 0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00));
                                char::from_u32(c).unwrap_or('\u{fffd}')
                            } else {
                                char::from_u32(hi).unwrap_or('\u{fffd}')
                            }
                        }
                        _ => return self.err("invalid escape sequence in string"),
                    };
                    out.push(c);
                    self.i += 1;
                }
                _ => return self.err("unterminated string or control character in string"),
            }
        }
    }

    /// Reads the 4 hex digits after `\u` (the cursor is on the `u`, and stays on the last digit).
    fn hex4(&mut self) -> Result<u32, (usize, String)> {
        let digits = self
            .text
            .get(self.i + 1..self.i + 5)
            .filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()));
        let Some(d) = digits else {
            return self.err("invalid `\\u` escape in string");
        };
        self.i += 4;
        Ok(u32::from_str_radix(d, 16).unwrap_or(0xfffd))
    }
}
