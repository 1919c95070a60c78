//! Encoding functions: JSON, base64, URL encoding, CSV.

use crate::number::Number;
use crate::types::Type;
use crate::value::Value;

use super::args::Args;
use super::{table, Builtin, NULL_OK};
use crate::eval::error::EvalError;
use crate::eval::template::nfc;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "jsonencode" => jsonencode, ["val"], flags: NULL_OK;
        "jsondecode" => jsondecode, ["str"];
        "base64encode" => base64encode, ["str"];
        "base64decode" => base64decode, ["str"];
        "urlencode" => urlencode, ["str"];
        "csvdecode" => csvdecode, ["str"];
    }
}

/// A value as JSON: numbers exact, sets as arrays.
pub(crate) fn to_json(v: &Value) -> serde_json::Value {
    use serde_json::Value as J;
    match v {
        Value::Null(_) | Value::Unknown(_) => J::Null,
        Value::Bool(b) => J::Bool(*b),
        Value::Number(n) => serde_json::from_str(&n.to_terraform_string())
            .unwrap_or_else(|_| J::String(n.to_terraform_string())),
        Value::String(s) => J::String(s.clone()),
        Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => {
            J::Array(xs.iter().map(to_json).collect())
        }
        Value::Map(_, m) | Value::Object(m) => {
            J::Object(m.iter().map(|(k, v)| (k.clone(), to_json(v))).collect())
        }
    }
}

/// JSON text as Go's `encoding/json` writes it: `<`, `>`, `&`, U+2028 and U+2029 escaped.
fn write_json(v: &Value, out: &mut String) {
    match v {
        Value::Null(_) | Value::Unknown(_) => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_terraform_string()),
        Value::String(s) => write_str(s, out),
        Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => {
            out.push('[');
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(x, out);
            }
            out.push(']');
        }
        Value::Map(_, m) | Value::Object(m) => {
            out.push('{');
            for (i, (k, x)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_str(k, out);
                out.push(':');
                write_json(x, out);
            }
            out.push('}');
        }
    }
}

fn write_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `jsonencode(val)`
pub(crate) fn jsonencode(a: &Args) -> Result<Value, EvalError> {
    let mut out = String::new();
    write_json(a.value(0), &mut out);
    Ok(Value::String(out))
}

/// A decoded JSON value as Terraform types it: arrays are tuples, objects are objects.
pub(crate) fn from_json(j: &serde_json::Value) -> Value {
    use serde_json::Value as J;
    match j {
        J::Null => Value::Null(Type::Any),
        J::Bool(b) => Value::Bool(*b),
        J::Number(n) => Number::parse_json(&n.to_string())
            .map(Value::Number)
            .unwrap_or(Value::Null(Type::Number)),
        J::String(s) => Value::String(nfc(s.clone())),
        J::Array(xs) => Value::Tuple(xs.iter().map(from_json).collect()),
        J::Object(m) => Value::Object(
            m.iter()
                .map(|(k, v)| (nfc(k.clone()), from_json(v)))
                .collect(),
        ),
    }
}

/// `jsondecode(str)`
pub(crate) fn jsondecode(a: &Args) -> Result<Value, EvalError> {
    let s = a.get::<String>(0)?;
    let j: serde_json::Value = serde_json::from_str(&s).map_err(|e| {
        let msg = e.to_string();
        a.fail(msg.split(" at line").next().unwrap_or(&msg).to_string())
    })?;
    Ok(from_json(&j))
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding.
pub(crate) fn b64(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(B64[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Decodes standard base64; on failure, the offset of the first bad symbol.
pub(crate) fn unb64_at(s: &str) -> Result<Vec<u8>, usize> {
    if let Some(at) = s
        .bytes()
        .position(|b| !(B64.contains(&b) || b == b'=' || b == b'\r' || b == b'\n'))
    {
        return Err(at);
    }
    unb64(s).ok_or(s.len())
}

fn unb64(s: &str) -> Option<Vec<u8>> {
    let bytes: Vec<u8> = s.bytes().filter(|b| *b != b'\r' && *b != b'\n').collect();
    if !bytes.len().is_multiple_of(4) {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3);
    for (ci, chunk) in bytes.chunks(4).enumerate() {
        let last = ci == bytes.len() / 4 - 1;
        let mut n = 0u32;
        let mut pad = 0;
        for (i, &c) in chunk.iter().enumerate() {
            let v = if c == b'=' && last && i >= 2 {
                pad += 1;
                0
            } else if pad > 0 {
                return None;
            } else {
                B64.iter().position(|&x| x == c)? as u32
            };
            n = (n << 6) | v;
        }
        let b = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&b[..3 - pad]);
    }
    Some(out)
}

/// `base64encode(str)`
pub(crate) fn base64encode(a: &Args) -> Result<Value, EvalError> {
    Ok(Value::String(b64(a.get::<String>(0)?.as_bytes())))
}

/// `base64decode(str)`: the result must be UTF-8.
pub(crate) fn base64decode(a: &Args) -> Result<Value, EvalError> {
    let s = a.get::<String>(0)?;
    let bytes = unb64(&s).ok_or_else(|| a.fail(format!("failed to decode base64 data {s:?}")))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| a.fail("the result of decoding the provided string is not valid UTF-8"))?;
    Ok(Value::String(nfc(text)))
}

/// `urlencode(str)`: Go's `url.QueryEscape`.
pub(crate) fn urlencode(a: &Args) -> Result<Value, EvalError> {
    let s = a.get::<String>(0)?;
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    Ok(Value::String(out))
}

/// `csvdecode(str)`: RFC 4180 with a header row; a list of objects of strings.
pub(crate) fn csvdecode(a: &Args) -> Result<Value, EvalError> {
    let s = a.get::<String>(0)?;
    let mut records: Vec<Vec<String>> = Vec::new();
    let mut field = String::new();
    let mut record = Vec::new();
    let mut chars = s.chars().peekable();
    let mut quoted = false;
    let mut any = false;
    while let Some(c) = chars.next() {
        any = true;
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    field.push('"');
                } else {
                    quoted = false;
                }
            } else {
                field.push(c);
            }
            continue;
        }
        match c {
            '"' if field.is_empty() => quoted = true,
            ',' => record.push(std::mem::take(&mut field)),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
                any = false;
            }
            c => field.push(c),
        }
    }
    if quoted {
        return Err(a.fail("extraneous or missing \" in quoted-field"));
    }
    if any {
        record.push(field);
        records.push(record);
    }
    let mut rows = records.into_iter();
    let Some(header) = rows.next() else {
        return Err(a.fail("missing header line"));
    };
    let mut out = Vec::new();
    for (i, row) in rows.enumerate() {
        if row.len() != header.len() {
            return Err(a.fail(format!("record on line {}: wrong number of fields", i + 2)));
        }
        out.push(Value::Object(
            header
                .iter()
                .cloned()
                .zip(row.into_iter().map(|f| Value::String(nfc(f))))
                .collect(),
        ));
    }
    let ty = Type::Object(
        header
            .iter()
            .map(|h| crate::types::Attribute {
                name: h.as_str().into(),
                ty: Type::String,
                optional: false,
                default: None,
            })
            .collect(),
    );
    Ok(Value::List(ty, out))
}
