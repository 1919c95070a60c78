//! A strict `.tfvars.json` reader that accepts and rejects what Terraform's HCL JSON parser does,
//! with the same diagnostics.
//!
//! It works as HCL's does: a lax scanner marks tokens (a string runs to its closing quote or to
//! the first control character; a tab counts two columns, a carriage return none, any other
//! character of a string one column per grapheme cluster; an unexpected byte ends the input),
//! then a parser with HCL's error recovery collects every syntax error it meets. Values are built
//! as it goes (no syntax tree is kept), and used only when the document has no syntax errors.
//!
//! - The document is one JSON object: an empty file, a top-level array or scalar, or data after
//!   the object are errors. A byte-order mark is an error, as in Terraform.
//! - No comments, trailing commas, single quotes, `NaN`/`Infinity`, leading zeros or `+`.
//! - A key given twice is an error at any depth; every duplicate is reported.
//! - A top-level `"//"` key is a comment and is skipped; a nested `"//"` is ordinary data.
//! - Strings are literal (`"${a}"` stays as written) and NFC-normalised, and so are the keys of
//!   objects inside values; the top-level keys (variable names) are kept as written, as Terraform
//!   keeps them. A lone surrogate escape becomes U+FFFD, as in Go.
//! - Numbers are kept exactly (Go's `big.ParseFloat` range rules: `1e1000000000` is `+Inf`).
//! - Values are typed as cty's JSON decoding types them: arrays are tuples, objects are objects,
//!   `null` is an untyped null.
//! - Nesting deeper than [`MAX_DEPTH`] arrays and objects is an error rather than a stack
//!   overflow; Terraform has no such limit, and no real variable file comes close. 128 levels
//!   keep parsing, conversion and writing (all recursive) well within a 2 MiB thread stack in
//!   debug builds.
//!
//! Errors carry Terraform's summary and detail and the `file:line:column` where Terraform puts
//! them.

use unicode_segmentation::UnicodeSegmentation;

use crate::diagnostics::{Diagnostic, Severity};
use crate::expr::{SourcePos, SourceRange};
use crate::input::InputVariable;
use crate::number::Number;
use crate::spec::Location;
use crate::value::{go_quote, nfc, Value};

/// The deepest nesting of arrays and objects accepted.
pub const MAX_DEPTH: usize = 128;

const TOO_DEEP: &str = "Nesting too deep";

/// Reads a `.tfvars.json` document: one `InputVariable` per top-level key, in file order, each
/// located at its value. `file` names the file in locations and messages.
pub fn parse_tfvars_json(text: &str, file: &str) -> Result<Vec<InputVariable>, Vec<Diagnostic>> {
    tfvars_json(text, file).map_err(|d| with_file(d, file))
}

fn tfvars_json(text: &str, file: &str) -> Result<Vec<InputVariable>, Vec<Diagnostic>> {
    let doc = Document::parse(text, file);
    let mut diags = doc.diags;
    match &doc.root {
        Root::Object(_)
        | Root::Other(Parsed {
            value: Value::Tuple(_),
            ..
        }) => {}
        // Nothing more to say about a document too deep to read.
        _ if diags.iter().any(|d| d.summary == TOO_DEEP) => {}
        other => diags.push(error(
            other.start(),
            other.end(),
            "Root value must be object",
            "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
        )),
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let entries = match doc.root {
        Root::Object(object) => object.entries,
        other => {
            // HCL points at the opening bracket only.
            return Err(vec![error(
                other.start(),
                other.start(),
                "Incorrect JSON value type",
                "A JSON object is required here, setting the arguments for this block.",
            )]);
        }
    };
    // The document's keys are the arguments of a body (Terraform's `JustAttributes`): a
    // duplicate stops there, before any value is read.
    let firsts = first_definitions(entries.iter().map(|e| &*e.name));
    for (entry, first) in entries.iter().zip(firsts) {
        let Some(first) = first.filter(|_| entry.name != "//") else {
            continue;
        };
        let first = &entries[first];
        diags.push(error(
            &entry.name_at,
            &entry.name_end,
            "Duplicate attribute definition",
            format!(
                "The argument {} was already set at {}.",
                go_quote(&entry.name),
                range_text(file, &first.name_at, &first.value.end)
            ),
        ));
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let mut out = Vec::with_capacity(entries.len());
    for mut entry in entries.into_iter().filter(|e| e.name != "//") {
        if !entry.value.duplicates.is_empty() {
            diags.append(&mut entry.value.duplicates);
            continue;
        }
        let location = Some(Location::spanning(
            file,
            SourceRange {
                start: entry.value.start,
                end: entry.value.end,
            },
        ));
        out.push(InputVariable {
            name: entry.name,
            value: entry.value.value,
            location,
            source: Default::default(),
        });
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(diags)
    }
}

/// Reads one JSON value with the same strictness (any top-level kind is allowed).
pub fn parse_json_value(text: &str, file: &str) -> Result<Value, Vec<Diagnostic>> {
    let doc = Document::parse(text, file);
    if !doc.diags.is_empty() {
        return Err(with_file(doc.diags, file));
    }
    let parsed = match doc.root {
        Root::Object(object) => object.into_parsed(file),
        Root::Other(parsed) => parsed,
    };
    if parsed.duplicates.is_empty() {
        Ok(parsed.value)
    } else {
        Err(with_file(parsed.duplicates, file))
    }
}

// An error over `start..end`, as HCL's JSON parser gives it: the range of the token at fault
// (an empty one, at the end of the text or inside a string, Terraform shows one character
// wide).
fn error(
    start: &SourcePos,
    end: &SourcePos,
    summary: &str,
    detail: impl Into<String>,
) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        summary: summary.to_string(),
        detail: detail.into(),
        variable: None,
        path: String::new(),
        location: Some(location(start, end)),
    }
}

// A range as a location; the file name is filled in when it leaves this module (see
// `with_file`), so that positions stay small and never allocate.
fn location(start: &SourcePos, end: &SourcePos) -> Location {
    Location {
        file: "".into(),
        line: start.line,
        column: start.column,
        range: Some(SourceRange {
            start: *start,
            end: *end,
        }),
    }
}

// Terraform's `file:line,col-col` (or `file:line,col-line,col`) form of a range.
fn range_text(file: &str, start: &SourcePos, end: &SourcePos) -> String {
    SourceRange {
        start: *start,
        end: *end,
    }
    .text_in(file)
}

// Names the file in every location of the diagnostics, and puts them in the order Terraform
// prints them: by position in the file (HCL reports a duplicate after what is wrong inside its
// value, Terraform sorts them).
fn with_file(mut diags: Vec<Diagnostic>, file: &str) -> Vec<Diagnostic> {
    let file: std::sync::Arc<str> = file.into();
    for d in &mut diags {
        if let Some(loc) = &mut d.location {
            loc.file = file.clone();
        }
    }
    diags.sort_by_key(|d| d.location.as_ref().map(|l| (l.line, l.column)));
    diags
}

// ---------------------------------------------------------------------------------------------
// Scanning.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    BraceO,
    BraceC,
    BrackO,
    BrackC,
    Comma,
    Colon,
    Equals,
    Keyword,
    String,
    Number,
    Eof,
    Invalid,
}

#[derive(Clone, Copy)]
struct Token<'a> {
    kind: Kind,
    text: &'a str,
    start: SourcePos,
    end: SourcePos,
}

// A position: byte offset, line and column as HCL counts them.
#[derive(Clone, Copy)]
struct Pos {
    byte: usize,
    line: u32,
    column: u32,
}

fn source_pos(p: Pos) -> SourcePos {
    SourcePos {
        line: p.line,
        column: p.column,
        byte: p.byte as u32,
    }
}

/// Marks tokens one at a time, as the parser asks for them, so that a document is never held
/// as tokens and as a tree at once. After an unexpected byte it gives that byte as an invalid
/// token, then the end of input just after it, as HCL's scanner stops there.
struct Scanner<'a> {
    text: &'a str,
    at: Pos,
    /// Where the input ends for the parser: the end of the text, or just after an invalid byte.
    stopped: Option<Pos>,
}

impl<'a> Scanner<'a> {
    fn new(text: &'a str) -> Scanner<'a> {
        Scanner {
            text,
            at: Pos {
                byte: 0,
                line: 1,
                column: 1,
            },
            stopped: None,
        }
    }

    fn next_token(&mut self) -> Token<'a> {
        let text = self.text;
        let b = text.as_bytes();
        if let Some(end) = self.stopped {
            return Token {
                kind: Kind::Eof,
                text: "",
                start: source_pos(end),
                end: source_pos(end),
            };
        }
        let p = &mut self.at;
        while let Some(&c) = b.get(p.byte) {
            match c {
                b' ' => p.column += 1,
                b'\n' => {
                    p.line += 1;
                    p.column = 1;
                }
                b'\r' => {}
                b'\t' => p.column += 2,
                _ => break,
            }
            p.byte += 1;
        }
        let start = *p;
        let Some(&first) = b.get(p.byte) else {
            self.stopped = Some(start);
            return self.next_token();
        };
        let kind = match first {
            b'{' => Kind::BraceO,
            b'}' => Kind::BraceC,
            b'[' => Kind::BrackO,
            b']' => Kind::BrackC,
            b',' => Kind::Comma,
            b':' => Kind::Colon,
            b'=' => Kind::Equals,
            b'"' => Kind::String,
            b'-' | b'+' | b'.' | b'0'..=b'9' => Kind::Number,
            c if c.is_ascii_alphabetic() => Kind::Keyword,
            _ => Kind::Invalid,
        };
        match kind {
            Kind::String => {
                p.byte += 1;
                p.column += 1;
                let mut escaping = false;
                while let Some(&c) = b.get(p.byte) {
                    match c {
                        b'\\' => {
                            escaping = !escaping;
                            p.byte += 1;
                            p.column += 1;
                        }
                        b'"' => {
                            p.byte += 1;
                            p.column += 1;
                            if !escaping {
                                break;
                            }
                            escaping = false;
                        }
                        c if c < 32 => break,
                        // A column per grapheme cluster; an ASCII character followed by
                        // another is one on its own.
                        c if c < 128 && b.get(p.byte + 1).is_none_or(|n| *n < 128) => {
                            p.byte += 1;
                            p.column += 1;
                            escaping = false;
                        }
                        _ => {
                            let g = text[p.byte..].graphemes(true).next().unwrap_or(" ");
                            p.byte += g.len();
                            p.column += 1;
                            escaping = false;
                        }
                    }
                }
            }
            Kind::Number => {
                while matches!(
                    b.get(p.byte),
                    Some(b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
                ) {
                    p.byte += 1;
                    p.column += 1;
                }
            }
            Kind::Keyword => {
                while matches!(b.get(p.byte), Some(c) if c.is_ascii_alphabetic() || *c == b'_') {
                    p.byte += 1;
                    p.column += 1;
                }
            }
            Kind::Invalid => {
                // HCL's scanner stops after the character it cannot read; the token's range is
                // its first byte (a byte-order mark ends at byte 1, not 3).
                let next = text[p.byte..].chars().next().map_or(1, char::len_utf8);
                let mut end = *p;
                end.column += 1;
                end.byte += 1;
                self.stopped = Some(end);
                return Token {
                    kind: Kind::Invalid,
                    text: &text[p.byte..p.byte + next],
                    start: source_pos(start),
                    end: source_pos(end),
                };
            }
            _ => {
                p.byte += 1;
                p.column += 1;
            }
        }
        Token {
            kind,
            text: &text[start.byte..p.byte],
            start: source_pos(start),
            end: source_pos(*p),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing, with HCL's recovery.

/// A value read from the document: where it is, and the duplicate attributes inside it, which
/// are errors only when the value is used (Terraform reads no value beside a duplicate
/// top-level argument, nor a top-level `"//"` comment's).
struct Parsed {
    value: Value,
    start: SourcePos,
    end: SourcePos,
    duplicates: Vec<Diagnostic>,
}

impl Parsed {
    fn invalid(start: SourcePos, end: SourcePos) -> Parsed {
        Parsed::plain(Value::null(), start, end)
    }

    fn plain(value: Value, start: SourcePos, end: SourcePos) -> Parsed {
        Parsed {
            value,
            start,
            end,
            duplicates: Vec::new(),
        }
    }
}

/// An object member, its name as written.
struct Entry {
    name: String,
    name_at: SourcePos,
    name_end: SourcePos,
    value: Parsed,
}

/// An object as read: its members in document order.
struct ObjectNode {
    entries: Vec<Entry>,
    open: SourcePos,
    end: SourcePos,
}

impl ObjectNode {
    // The object as cty decodes it (names NFC-normalised, every duplicate name an error), and
    // the members taken apart as it is built.
    fn into_parsed(self, file: &str) -> Parsed {
        let mut entries = self.entries;
        for e in &mut entries {
            e.name = nfc(std::mem::take(&mut e.name));
        }
        // Where each duplicate's first definition is, before the members are taken.
        let firsts: Vec<Option<String>> = first_definitions(entries.iter().map(|e| &*e.name))
            .into_iter()
            .map(|first| first.map(|j| range_text(file, &entries[j].name_at, &entries[j].name_end)))
            .collect();
        let mut duplicates = Vec::new();
        let mut members = Vec::with_capacity(entries.len());
        for (mut e, first) in entries.into_iter().zip(firsts) {
            // HCL reads the value before it looks at the name: what is wrong inside a
            // duplicate is reported too, first.
            duplicates.append(&mut e.value.duplicates);
            if let Some(first) = first {
                duplicates.push(error(
                    &e.name_at,
                    &e.name_end,
                    "Duplicate object attribute",
                    format!(
                        "An attribute named {} was already defined at {}.",
                        go_quote(&e.name),
                        first
                    ),
                ));
                continue;
            }
            members.push((e.name, e.value.value));
        }
        Parsed {
            value: Value::Object(members.into_iter().collect()),
            start: self.open,
            end: self.end,
            duplicates,
        }
    }
}

// For each name, the index of the earlier one equal to it, when there is one.
fn first_definitions<'a>(names: impl ExactSizeIterator<Item = &'a str>) -> Vec<Option<usize>> {
    if names.len() <= 16 {
        // Comparing every pair of a few names costs less than hashing them.
        let names: Vec<&str> = names.collect();
        return (0..names.len())
            .map(|i| names[..i].iter().position(|&earlier| earlier == names[i]))
            .collect();
    }
    let mut seen: std::collections::HashMap<&str, usize> =
        std::collections::HashMap::with_capacity(names.len());
    names
        .enumerate()
        .map(|(i, name)| match seen.entry(name) {
            std::collections::hash_map::Entry::Occupied(e) => Some(*e.get()),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(i);
                None
            }
        })
        .collect()
}

/// The document's root: an object keeps its members apart (they are a body's arguments).
enum Root {
    Object(ObjectNode),
    Other(Parsed),
}

impl Root {
    fn start(&self) -> &SourcePos {
        match self {
            Root::Object(o) => &o.open,
            Root::Other(p) => &p.start,
        }
    }

    fn end(&self) -> &SourcePos {
        match self {
            Root::Object(o) => &o.end,
            Root::Other(p) => &p.end,
        }
    }
}

struct Document {
    root: Root,
    diags: Vec<Diagnostic>,
}

impl Document {
    // Values are built as the parser goes (no syntax tree is kept); they mean nothing when
    // `diags` is not empty. `file` names the file in the duplicate attributes' messages.
    fn parse(text: &str, file: &str) -> Document {
        let mut scanner = Scanner::new(text);
        let next = scanner.next_token();
        let mut p = Parser {
            scanner,
            next,
            file,
            diags: Vec::new(),
            too_deep: false,
        };
        let (start, end, kind) = {
            let t = p.peek();
            (t.start, t.end, t.kind)
        };
        let root = match kind {
            Kind::BraceO => match p.object(0) {
                Some(object) => Root::Object(object),
                None => Root::Other(Parsed::invalid(start, end)),
            },
            _ => Root::Other(p.value(0)),
        };
        if p.diags.is_empty() && p.peek().kind != Kind::Eof {
            let (at, end) = (p.peek().start, p.peek().end);
            p.diags.push(error(
                &at,
                &end,
                "Extraneous data after value",
                "Extra characters appear after the JSON value.",
            ));
        }
        Document {
            root,
            diags: p.diags,
        }
    }
}

struct Parser<'a> {
    scanner: Scanner<'a>,
    /// The next token, not yet read.
    next: Token<'a>,
    file: &'a str,
    diags: Vec<Diagnostic>,
    // Nesting went past MAX_DEPTH: stop at once.
    too_deep: bool,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> &Token<'a> {
        &self.next
    }

    fn read(&mut self) -> Token<'a> {
        let t = self.next;
        if t.kind != Kind::Eof {
            self.next = self.scanner.next_token();
        }
        t
    }

    fn fail(&mut self, (start, end): (SourcePos, SourcePos), summary: &str, detail: &str) {
        self.diags.push(error(&start, &end, summary, detail));
    }

    // HCL's parseValue: always a node, an invalid one where the value did not parse.
    fn value(&mut self, depth: usize) -> Parsed {
        let (start, end, kind) = {
            let t = self.peek();
            (t.start, t.end, t.kind)
        };
        if self.too_deep {
            return Parsed::invalid(start, end);
        }
        let node = match kind {
            Kind::BraceO | Kind::BrackO if depth >= MAX_DEPTH => {
                self.too_deep = true;
                self.fail(
                    (start, end),
                    TOO_DEEP,
                    &format!("arrays and objects may be nested at most {MAX_DEPTH} levels deep"),
                );
                None
            }
            Kind::BraceO => self
                .object(depth)
                .map(|object| object.into_parsed(self.file)),
            Kind::BrackO => self.array(depth),
            Kind::Number => self.number(),
            Kind::String => self
                .string()
                .map(|(s, start, end)| Parsed::plain(Value::String(nfc(s)), start, end)),
            Kind::Keyword => self.keyword(),
            Kind::BraceC => {
                self.fail(
                    (start, end),
                    "Missing JSON value",
                    "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
                );
                None
            }
            Kind::BrackC => {
                self.fail(
                    (start, end),
                    "Missing array element value",
                    "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
                );
                None
            }
            Kind::Eof => {
                self.fail(
                    (start, end),
                    "Missing value",
                    "The JSON data ends prematurely.",
                );
                None
            }
            _ => {
                self.fail(
                    (start, end),
                    "Invalid start of value",
                    "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
                );
                None
            }
        };
        node.unwrap_or_else(|| Parsed::invalid(start, end))
    }

    // Skips to what seems to be the end of the enclosing object or array, from the token at
    // `from` (already read), as HCL's recovery does.
    fn recover(&mut self, from: Token<'a>, open: Kind, close: Kind) {
        let mut depth = 1;
        let mut kind = from.kind;
        loop {
            match kind {
                k if k == open => depth += 1,
                k if k == close => {
                    depth -= 1;
                    if depth <= 1 {
                        return;
                    }
                }
                Kind::Eof => return,
                _ => {}
            }
            kind = self.read().kind;
        }
    }

    fn object(&mut self, depth: usize) -> Option<ObjectNode> {
        let open = self.read();
        let (open_at, open_end) = (open.start, open.end);
        let mut entries = Vec::new();
        loop {
            if self.too_deep {
                return None;
            }
            if self.peek().kind == Kind::BraceC {
                break;
            }
            let at = (self.peek().start, self.peek().end);
            let key = match self.peek().kind {
                Kind::String => self.string(),
                _ => {
                    self.value(depth + 1);
                    None
                }
            };
            let Some((name, name_at, name_end)) = key else {
                self.fail(
                    at,
                    "Invalid object property name",
                    "A JSON object property name must be a string",
                );
                return None;
            };
            let colon = self.read();
            let (ckind, cstart) = (colon.kind, (colon.start, colon.end));
            if ckind != Kind::Colon {
                self.recover(colon, Kind::BraceO, Kind::BraceC);
                match ckind {
                    Kind::BraceC | Kind::Comma => self.fail(
                        cstart,
                        "Missing object value",
                        "A JSON object attribute must have a value, introduced by a colon.",
                    ),
                    Kind::Equals => self.fail(
                        cstart,
                        "Missing property value colon",
                        "JSON uses a colon as its name/value delimiter, not an equals sign.",
                    ),
                    _ => self.fail(
                        cstart,
                        "Missing property value colon",
                        "A colon must appear between an object property's name and its value.",
                    ),
                }
                return None;
            }
            let value = self.value(depth + 1);
            entries.push(Entry {
                name,
                name_at,
                name_end,
                value,
            });
            if self.too_deep {
                return None;
            }
            match self.peek().kind {
                Kind::Comma => {
                    let comma = self.read();
                    let comma = (comma.start, comma.end);
                    if self.peek().kind == Kind::BraceC {
                        self.fail(
                            comma,
                            "Trailing comma in object",
                            "JSON does not permit a trailing comma after the final property in an object.",
                        );
                        return None;
                    }
                }
                Kind::Eof => {
                    self.fail(
                        (open_at, open_end),
                        "Unclosed object",
                        "No closing brace was found for this JSON object.",
                    );
                    return None;
                }
                Kind::BrackC => {
                    // Terraform 1.11 consumes the bracket and reports what follows it.
                    self.read();
                    let at = (self.peek().start, self.peek().end);
                    self.fail(
                        at,
                        "Mismatched braces",
                        "A JSON object must be closed with a brace, not a bracket.",
                    );
                    return None;
                }
                Kind::BraceC => break,
                _ => {
                    let next = self.read();
                    self.recover(next, Kind::BraceO, Kind::BraceC);
                    let at = (self.peek().start, self.peek().end);
                    self.fail(
                        at,
                        "Missing attribute seperator comma",
                        "A comma must appear between each property definition in an object.",
                    );
                    return None;
                }
            }
        }
        let close = self.read();
        Some(ObjectNode {
            entries,
            open: open_at,
            end: close.end,
        })
    }

    fn array(&mut self, depth: usize) -> Option<Parsed> {
        let open = self.read();
        let (open_at, open_end) = (open.start, open.end);
        let mut items = Vec::new();
        let mut duplicates = Vec::new();
        loop {
            if self.too_deep {
                return None;
            }
            if self.peek().kind == Kind::BrackC {
                break;
            }
            let mut item = self.value(depth + 1);
            duplicates.append(&mut item.duplicates);
            items.push(item.value);
            if self.too_deep {
                return None;
            }
            match self.peek().kind {
                Kind::Comma => {
                    let comma = self.read();
                    let comma = (comma.start, comma.end);
                    if self.peek().kind == Kind::BrackC {
                        self.fail(
                            comma,
                            "Trailing comma in array",
                            "JSON does not permit a trailing comma after the final value in an array.",
                        );
                        return None;
                    }
                }
                Kind::Colon => {
                    let next = self.read();
                    self.recover(next, Kind::BrackO, Kind::BrackC);
                    let at = (self.peek().start, self.peek().end);
                    self.fail(
                        at,
                        "Invalid array value",
                        "A colon is not used to introduce values in a JSON array.",
                    );
                    return None;
                }
                Kind::Eof => {
                    let next = self.read();
                    self.recover(next, Kind::BrackO, Kind::BrackC);
                    // Terraform's summary says "object" for arrays too.
                    self.fail(
                        (open_at, open_end),
                        "Unclosed object",
                        "No closing bracket was found for this JSON array.",
                    );
                    return None;
                }
                Kind::BraceC => {
                    let next = self.read();
                    let at = (next.start, next.end);
                    self.recover(next, Kind::BrackO, Kind::BrackC);
                    self.fail(
                        at,
                        "Mismatched brackets",
                        "A JSON array must be closed with a bracket, not a brace.",
                    );
                    return None;
                }
                Kind::BrackC => break,
                _ => {
                    let next = self.read();
                    self.recover(next, Kind::BrackO, Kind::BrackC);
                    let at = (self.peek().start, self.peek().end);
                    self.fail(
                        at,
                        "Missing attribute seperator comma",
                        "A comma must appear between each value in an array.",
                    );
                    return None;
                }
            }
        }
        let close = self.read();
        Some(Parsed {
            value: Value::Tuple(items),
            start: open_at,
            end: close.end,
            duplicates,
        })
    }

    fn number(&mut self) -> Option<Parsed> {
        let t = self.read();
        match Number::parse_json(t.text) {
            Some(n) => Some(Parsed::plain(Value::Number(n), t.start, t.end)),
            None => {
                self.fail(
                    (t.start, t.end),
                    "Invalid JSON number",
                    "There is a syntax error in the given JSON number.",
                );
                None
            }
        }
    }

    // The string as written (not yet NFC-normalised), and where it is.
    fn string(&mut self) -> Option<(String, SourcePos, SourcePos)> {
        let t = self.read();
        match decode_string(t.text) {
            Ok(s) => Some((s, t.start, t.end)),
            Err(offset) => {
                // Where Go's decoder stopped: the token start plus the bytes it read, counted
                // as columns (as Terraform does).
                // An empty range there, shown one character wide.
                let mut at = t.start;
                at.column += offset as u32;
                at.byte += offset as u32;
                self.fail(
                    (at, at),
                    "Invalid JSON string",
                    "There is a syntax error in the given JSON string.",
                );
                None
            }
        }
    }

    fn keyword(&mut self) -> Option<Parsed> {
        let t = self.read();
        let (start, end, word) = (t.start, t.end, t.text);
        match word {
            "true" => Some(Parsed::plain(Value::Bool(true), start, end)),
            "false" => Some(Parsed::plain(Value::Bool(false), start, end)),
            "null" => Some(Parsed::plain(Value::null(), start, end)),
            "undefined" | "NaN" | "Infinity" => {
                let detail = format!(
                    "The JavaScript identifier {} cannot be used in JSON.",
                    go_quote(word)
                );
                self.fail((start, end), "Invalid JSON keyword", &detail);
                None
            }
            _ => {
                let suggestion = ["true", "false", "null"]
                    .into_iter()
                    .find(|k| levenshtein(word, k) < 3)
                    .map(|k| format!(" Did you mean {}?", go_quote(k)))
                    .unwrap_or_default();
                let detail = format!(
                    "{} is not a valid JSON keyword.{suggestion}",
                    go_quote(word)
                );
                self.fail((start, end), "Invalid JSON keyword", &detail);
                None
            }
        }
    }
}

// A string token decoded as Go's `encoding/json` decodes it, or the number of bytes it read
// before finding the error.
fn decode_string(token: &str) -> Result<String, usize> {
    let b = token.as_bytes();
    let mut out = String::with_capacity(token.len());
    let mut i = 1;
    loop {
        let run = i;
        while i < b.len() && b[i] != b'"' && b[i] != b'\\' {
            i += 1;
        }
        out.push_str(&token[run..i]);
        match b.get(i) {
            None => return Err(b.len()),
            Some(b'"') => {
                return if i + 1 == b.len() {
                    Ok(out)
                } else {
                    Err(i + 2)
                };
            }
            _ => {}
        }
        // A backslash.
        i += 1;
        let Some(&c) = b.get(i) else {
            return Err(b.len());
        };
        i += 1;
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
                let hi = hex4(b, i)?;
                i += 4;
                if (0xD800..0xDC00).contains(&hi) {
                    // A surrogate pair, or U+FFFD for a lone half (Go's rule).
                    if b.get(i..i + 2) == Some(b"\\u") {
                        if let Ok(lo) = hex4(b, i + 2) {
                            if (0xDC00..0xE000).contains(&lo) {
                                let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                                out.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
                                i += 6;
                                continue;
                            }
                        }
                    }
                    out.push('\u{FFFD}');
                } else {
                    out.push(char::from_u32(hi).unwrap_or('\u{FFFD}'));
                }
            }
            _ => return Err(i),
        }
    }
}

// Four hex digits at `at`, or the number of bytes read up to and including the first bad one.
fn hex4(b: &[u8], at: usize) -> Result<u32, usize> {
    let mut value = 0;
    for i in at..at + 4 {
        match b.get(i).and_then(|c| (*c as char).to_digit(16)) {
            Some(d) => value = value * 16 + d,
            None => return Err((i + 1).min(b.len())),
        }
    }
    Ok(value)
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
