//! Terraform values, typed as cty types them.

use std::cmp::Ordering;
use std::fmt::Write as _;

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use serde::{Deserialize, Serialize};

use crate::number::Number;
use crate::types::Type;
use crate::value_map::ValueMap;

/// A Terraform value.
///
/// Values carry enough type information for Terraform's type-strict `==` and for conversion:
/// a null or unknown value knows its type, and lists, sets and maps know their element type
/// even when empty. Sets hold their elements deduplicated, in Terraform's set order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Value {
    /// A null value of the given type.
    Null(Type),
    /// A value that is only known after apply (a resource attribute, `timestamp()`, …).
    Unknown(Type),
    /// `true` or `false`.
    Bool(bool),
    /// An exact number.
    Number(Number),
    /// A string, NFC-normalised.
    String(String),
    /// A list of values of the element type.
    List(Type, Vec<Value>),
    /// A set of values of the element type: deduplicated, in set order.
    Set(Type, Vec<Value>),
    /// A map from string keys to values of the element type.
    Map(Type, ValueMap),
    /// A tuple: a fixed sequence of values of any types.
    Tuple(Vec<Value>),
    /// An object: named attributes of any types.
    Object(ValueMap),
}

impl Value {
    /// An untyped null (`null` written in an expression).
    pub fn null() -> Value {
        Value::Null(Type::Any)
    }

    /// A string value, NFC-normalised as Terraform normalises every string.
    pub fn string(s: impl Into<String>) -> Value {
        Value::String(nfc(s.into()))
    }

    /// A set of `elements` of type `element_type`: deduplicated and put in Terraform's set order
    /// (see [`set_order`]).
    pub fn set(element_type: Type, mut elements: Vec<Value>) -> Value {
        elements.sort_by(set_order);
        let mut out: Vec<Value> = Vec::with_capacity(elements.len());
        for e in elements {
            // Sorted, an element's duplicates are among the last ones kept that sort equal.
            let duplicate = out
                .iter()
                .rev()
                .take_while(|o| set_order(o, &e) == Ordering::Equal)
                .any(|o| same_set_element(o, &e));
            if !duplicate {
                out.push(e);
            }
        }
        Value::Set(element_type, out)
    }

    /// True for a null of any type.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null(_))
    }

    /// True when the value is unknown (at the top level only).
    pub fn is_unknown(&self) -> bool {
        matches!(self, Value::Unknown(_))
    }

    /// True when the value or anything inside it is unknown.
    pub fn has_unknown(&self) -> bool {
        match self {
            Value::Unknown(_) => true,
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
                vs.iter().any(Value::has_unknown)
            }
            Value::Map(_, m) | Value::Object(m) => m.values().any(Value::has_unknown),
            _ => false,
        }
    }

    /// The value's type. Objects and tuples report the types of their members.
    pub fn ty(&self) -> Type {
        match self {
            Value::Null(t) | Value::Unknown(t) => t.clone(),
            Value::Bool(_) => Type::Bool,
            Value::Number(_) => Type::Number,
            Value::String(_) => Type::String,
            Value::List(t, _) => Type::list(t.clone()),
            Value::Set(t, _) => Type::set(t.clone()),
            Value::Map(t, _) => Type::map(t.clone()),
            Value::Tuple(vs) => Type::Tuple(vs.iter().map(Value::ty).collect()),
            Value::Object(m) => Type::Object(
                m.iter()
                    .map(|(k, v)| crate::types::Attribute {
                        name: k.as_str().into(),
                        ty: v.ty(),
                        optional: false,
                        default: None,
                    })
                    .collect(),
            ),
        }
    }
}

/// A string in Unicode Normalization Form C, as Terraform (cty) stores every string.
pub fn nfc(s: String) -> String {
    match is_nfc_quick(s.chars()) {
        IsNormalized::Yes => s,
        _ => s.nfc().collect(),
    }
}

/// Terraform's order of set elements (cty's `setRules.Less`): non-null known values first,
/// then unknown, then null; strings by their bytes, numbers numerically (`-0` before `0`, as
/// their hashes order them), `false` before `true`; values of other types (objects, lists,
/// maps, tuples) by the bytes of cty's set-hash text for them (see [`set_hash_text`]), which is
/// how Terraform lists them.
pub fn set_order(a: &Value, b: &Value) -> Ordering {
    let rank = |v: &Value| match v {
        Value::Null(_) => 2,
        Value::Unknown(_) => 1,
        _ => 0,
    };
    match rank(a).cmp(&rank(b)) {
        Ordering::Equal if rank(a) == 0 => {}
        other => return other,
    }
    match (a, b) {
        (Value::String(x), Value::String(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => x
            .cmp(y)
            .then_with(|| y.is_sign_negative().cmp(&x.is_sign_negative())),
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        _ => set_hash_text(a).cmp(&set_hash_text(b)),
    }
}

/// The text cty derives from a value to identify it in a set (`makeSetHashBytes`): numbers as
/// [`Number::to_go_string`], strings quoted as Go's `%q` ([`go_quote`]), `T`/`F`, `~` for
/// null, `?` for unknown; `[a;b;]` for lists and sets, `<a;b;>` for tuples and for objects (by
/// attribute name), `{"k":v;}` for maps.
pub fn set_hash_text(v: &Value) -> String {
    let mut out = String::new();
    write_set_hash(v, &mut out);
    out
}

fn write_set_hash(v: &Value, out: &mut String) {
    match v {
        Value::Unknown(_) => out.push('?'),
        Value::Null(_) => out.push('~'),
        Value::Number(n) => out.push_str(&n.to_go_string()),
        Value::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
        Value::String(s) => out.push_str(&go_quote(s)),
        Value::Map(_, m) => {
            out.push('{');
            for (k, v) in m {
                out.push_str(&go_quote(k));
                out.push(':');
                write_set_hash(v, out);
                out.push(';');
            }
            out.push('}');
        }
        Value::List(_, vs) | Value::Set(_, vs) => {
            out.push('[');
            for v in vs {
                write_set_hash(v, out);
                out.push(';');
            }
            out.push(']');
        }
        Value::Tuple(vs) => {
            out.push('<');
            for v in vs {
                write_set_hash(v, out);
                out.push(';');
            }
            out.push('>');
        }
        Value::Object(m) => {
            out.push('<');
            for v in m.values() {
                write_set_hash(v, out);
                out.push(';');
            }
            out.push('>');
        }
    }
}

/// A string quoted as Go's `%q` (`strconv.Quote`) quotes it, as Terraform's messages and cty's
/// set hashes do: `"` and `\` escaped, `\n`, `\t` and the like for control characters, `\u…`
/// for other characters Go does not print (format characters such as U+200D, spaces other than
/// U+0020, private use); printable Unicode (letters, marks, symbols) as is.
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if !go_printable(c) => {
                if (c as u32) < 0x10000 {
                    let _ = write!(out, "\\u{:04x}", c as u32);
                } else {
                    let _ = write!(out, "\\U{:08x}", c as u32);
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

// Go's unicode.IsPrint, for the characters that matter in practice: not a control or format
// character, not a separator other than U+0020, not private use or a noncharacter.
fn go_printable(c: char) -> bool {
    let u = c as u32;
    !(c.is_control()
        || matches!(u,
            0xA0 | 0xAD | 0x600..=0x605 | 0x61C | 0x6DD | 0x70F | 0x180E | 0x1680
            | 0x2000..=0x200F | 0x2028..=0x202F | 0x205F..=0x2064 | 0x2066..=0x206F
            | 0x3000 | 0xFEFF | 0xFFF9..=0xFFFB | 0xFFFE | 0xFFFF | 0xE000..=0xF8FF
            | 0x110BD | 0x1D173..=0x1D17A | 0xE0001 | 0xE0020..=0xE007F
            | 0xF0000..=0x10FFFF))
}

/// Whether two values are one set element. As in cty (which identifies set elements by their
/// text), this is `==` except that `-0` and `0` are different elements: `toset([-0, 0])` has
/// two.
pub fn same_set_element(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            x == y && (!x.is_zero() || x.is_sign_negative() == y.is_sign_negative())
        }
        (Value::List(_, xs), Value::List(_, ys))
        | (Value::Set(_, xs), Value::Set(_, ys))
        | (Value::Tuple(xs), Value::Tuple(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_set_element(x, y))
        }
        (Value::Map(_, xs), Value::Map(_, ys)) | (Value::Object(xs), Value::Object(ys)) => {
            xs.len() == ys.len()
                && xs
                    .iter()
                    .zip(ys)
                    .all(|((kx, x), (ky, y))| kx == ky && same_set_element(x, y))
        }
        _ => a == b,
    }
}

/// A value that JSON cannot hold: an infinity or an unknown value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToJsonError {
    message: String,
}

impl std::fmt::Display for ToJsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ToJsonError {}

impl Value {
    /// The value as compact JSON: numbers exact (see [`Number::to_json_string`]), lists, sets
    /// and tuples as arrays (sets in set order), maps and objects with sorted keys, null as
    /// `null`. Infinities and unknown values have no JSON form and are an error, as in
    /// Terraform («cannot serialize infinity as JSON»).
    pub fn to_json(&self) -> Result<String, ToJsonError> {
        let mut out = String::new();
        self.write_json(&mut out, None, 0)?;
        Ok(out)
    }

    /// Like [`Value::to_json`], indented by two spaces per level.
    pub fn to_json_pretty(&self) -> Result<String, ToJsonError> {
        let mut out = String::new();
        self.write_json(&mut out, Some(2), 0)?;
        Ok(out)
    }

    fn write_json(
        &self,
        out: &mut String,
        indent: Option<usize>,
        depth: usize,
    ) -> Result<(), ToJsonError> {
        let newline = |out: &mut String, depth: usize| {
            if let Some(n) = indent {
                out.push('\n');
                out.extend(std::iter::repeat_n(' ', n * depth));
            }
        };
        match self {
            Value::Null(_) => out.push_str("null"),
            Value::Unknown(_) => {
                return Err(ToJsonError {
                    message: "cannot serialize an unknown value as JSON".into(),
                })
            }
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => match n.to_json_string() {
                Some(text) => out.push_str(&text),
                None => {
                    return Err(ToJsonError {
                        message: "cannot serialize infinity as JSON".into(),
                    })
                }
            },
            Value::String(s) => write_json_string(out, s),
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
                out.push('[');
                for (i, v) in vs.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    v.write_json(out, indent, depth + 1)?;
                }
                if !vs.is_empty() {
                    newline(out, depth);
                }
                out.push(']');
            }
            Value::Map(_, m) | Value::Object(m) => {
                out.push('{');
                for (i, (k, v)) in m.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    write_json_string(out, k);
                    out.push(':');
                    if indent.is_some() {
                        out.push(' ');
                    }
                    v.write_json(out, indent, depth + 1)?;
                }
                if !m.is_empty() {
                    newline(out, depth);
                }
                out.push('}');
            }
        }
        Ok(())
    }

    /// The value as an HCL expression (`"a"`, `5`, `["a", "b"]`, `{a = 1}`), as written in a
    /// type constraint's `optional(T, default)` or in a diagnostic.
    pub fn to_hcl(&self) -> String {
        let mut out = String::new();
        self.write_hcl(&mut out);
        out
    }

    fn write_hcl(&self, out: &mut String) {
        match self {
            Value::Null(_) => out.push_str("null"),
            Value::Unknown(_) => out.push_str("(known after apply)"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => out.push_str(&n.to_terraform_string()),
            Value::String(s) => write_hcl_string(out, s),
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
                out.push('[');
                for (i, v) in vs.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.write_hcl(out);
                }
                out.push(']');
            }
            Value::Map(_, m) | Value::Object(m) => {
                out.push('{');
                for (i, (k, v)) in m.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if is_identifier(k) {
                        out.push_str(k);
                    } else {
                        write_hcl_string(out, k);
                    }
                    out.push_str(" = ");
                    v.write_hcl(out);
                }
                out.push('}');
            }
        }
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '-')
}

/// Writes `s` as a JSON string literal.
pub fn write_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Writes `s` as a quoted HCL string: escapes, control characters as `\uNNNN`, and `${`/`%{`
/// doubled so that they stay literal text.
pub(crate) fn write_hcl_string(out: &mut String, s: &str) {
    out.push('"');
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '$' | '%' if chars.peek() == Some(&'{') => {
                out.push(c);
                out.push(c);
            }
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}
