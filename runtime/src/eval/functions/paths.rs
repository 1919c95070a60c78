//! Path-string functions that need no file system (`basename`, `dirname`), and the removed
//! `list` and `map` functions, which Terraform still recognises to explain their removal.

use crate::value::Value;

use super::args::Args;
use super::{table, Builtin, NULL_OK};
use crate::eval::error::EvalError;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "basename" => basename, ["path"];
        "dirname" => dirname, ["path"];
        "list" => removed_list, [], ..."vals", flags: NULL_OK;
        "map" => removed_map, [], ..."vals", flags: NULL_OK;
    }
}

/// Go's `filepath.Clean` for slash-separated paths.
pub(super) fn clean(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let rooted = p.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in p.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|l| *l != "..") {
                    parts.pop();
                } else if !rooted {
                    parts.push("..");
                }
            }
            s => parts.push(s),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}

/// `basename(path)`: the last element (Go's `filepath.Base`).
pub(crate) fn basename(a: &Args) -> Result<Value, EvalError> {
    let p = a.get::<String>(0)?;
    if p.is_empty() {
        return Ok(Value::String(".".into()));
    }
    let trimmed = p.trim_end_matches('/');
    if trimmed.is_empty() {
        return Ok(Value::String("/".into()));
    }
    let base = trimmed.rsplit('/').next().unwrap_or(trimmed);
    Ok(Value::String(base.to_string()))
}

/// `dirname(path)`: all but the last element (Go's `filepath.Dir`).
pub(crate) fn dirname(a: &Args) -> Result<Value, EvalError> {
    let p = a.get::<String>(0)?;
    let dir = match p.rfind('/') {
        Some(i) => &p[..=i],
        None => "",
    };
    Ok(Value::String(clean(dir)))
}

/// `list(...)`: removed in Terraform 0.12.
pub(crate) fn removed_list(a: &Args) -> Result<Value, EvalError> {
    Err(a.fail(
        "the \"list\" function was deprecated in Terraform v0.12 and is no longer available; \
         use tolist([ ... ]) syntax to write a literal list",
    ))
}

/// `map(...)`: removed in Terraform 0.12.
pub(crate) fn removed_map(a: &Args) -> Result<Value, EvalError> {
    Err(a.fail(
        "the \"map\" function was deprecated in Terraform v0.12 and is no longer available; \
         use tomap({ ... }) syntax to write a literal map",
    ))
}
