//! Hash functions and `uuidv5`.

use crate::value::Value;

use super::args::Args;
use super::digest;
use super::encoding::b64;
use super::{table, Builtin};
use crate::eval::error::EvalError;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "md5" => md5, ["str"];
        "sha1" => sha1, ["str"];
        "sha256" => sha256, ["str"];
        "sha512" => sha512, ["str"];
        "base64sha256" => base64sha256, ["str"];
        "base64sha512" => base64sha512, ["str"];
        "uuidv5" => uuidv5, ["namespace", "name"];
    }
}

fn hex(bytes: &[u8]) -> Value {
    Value::String(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

fn input(a: &Args) -> Result<String, EvalError> {
    a.get::<String>(0)
}

/// `md5(str)`: hex digest of the UTF-8 bytes.
pub(crate) fn md5(a: &Args) -> Result<Value, EvalError> {
    Ok(hex(&digest::md5(input(a)?.as_bytes())))
}

/// `sha1(str)`
pub(crate) fn sha1(a: &Args) -> Result<Value, EvalError> {
    Ok(hex(&digest::sha1(input(a)?.as_bytes())))
}

/// `sha256(str)`
pub(crate) fn sha256(a: &Args) -> Result<Value, EvalError> {
    Ok(hex(&digest::sha256(input(a)?.as_bytes())))
}

/// `sha512(str)`
pub(crate) fn sha512(a: &Args) -> Result<Value, EvalError> {
    Ok(hex(&digest::sha512(input(a)?.as_bytes())))
}

/// `base64sha256(str)`
pub(crate) fn base64sha256(a: &Args) -> Result<Value, EvalError> {
    Ok(Value::String(b64(&digest::sha256(input(a)?.as_bytes()))))
}

/// `base64sha512(str)`
pub(crate) fn base64sha512(a: &Args) -> Result<Value, EvalError> {
    Ok(Value::String(b64(&digest::sha512(input(a)?.as_bytes()))))
}

fn parse_uuid(s: &str) -> Option<[u8; 16]> {
    let hex: String = s
        .trim_start_matches("urn:uuid:")
        .trim_matches(|c| c == '{' || c == '}')
        .chars()
        .filter(|c| *c != '-')
        .collect();
    if hex.len() != 32 || !hex.is_ascii() {
        return None;
    }
    let mut out = [0u8; 16];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

/// `uuidv5(namespace, name)`: `dns`, `url`, `oid`, `x500` or a UUID as the namespace.
pub(crate) fn uuidv5(a: &Args) -> Result<Value, EvalError> {
    let ns = a.get::<String>(0)?;
    let name = a.get::<String>(1)?;
    let ns_bytes = match ns.as_str() {
        "dns" => parse_uuid("6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
        "url" => parse_uuid("6ba7b811-9dad-11d1-80b4-00c04fd430c8"),
        "oid" => parse_uuid("6ba7b812-9dad-11d1-80b4-00c04fd430c8"),
        "x500" => parse_uuid("6ba7b814-9dad-11d1-80b4-00c04fd430c8"),
        other => parse_uuid(other),
    }
    .ok_or_else(|| {
        a.fail(format!(
            "uuidv5() doesn't support namespace {ns} (invalid UUID length: {})",
            ns.len()
        ))
    })?;
    let d = digest::sha1(&[&ns_bytes[..], name.as_bytes()].concat());
    let mut u = [0u8; 16];
    u.copy_from_slice(&d[..16]);
    u[6] = (u[6] & 0x0f) | 0x50;
    u[8] = (u[8] & 0x3f) | 0x80;
    let x: String = u.iter().map(|b| format!("{b:02x}")).collect();
    Ok(Value::String(format!(
        "{}-{}-{}-{}-{}",
        &x[0..8],
        &x[8..12],
        &x[12..16],
        &x[16..20],
        &x[20..32]
    )))
}
