//! String functions. Lengths and offsets count extended grapheme clusters of NFC text, and
//! case mapping is Go's simple per-character mapping, as in Terraform.

use unicode_segmentation::UnicodeSegmentation;

use crate::types::Type;
use crate::value::Value;

use super::args::{Args, Strings};
use super::{check_built_len, table, Builtin, NULL_OK};
use crate::eval::error::EvalError;
use crate::eval::template::nfc;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "upper" => upper, ["str"];
        "lower" => lower, ["str"];
        "title" => title, ["str"];
        "trimspace" => trimspace, ["str"];
        "trim" => trim, ["str", "cutset"];
        "trimprefix" => trimprefix, ["str", "prefix"];
        "trimsuffix" => trimsuffix, ["str", "suffix"];
        "startswith" => startswith, ["str", "prefix"];
        "endswith" => endswith, ["str", "suffix"];
        "strcontains" => strcontains, ["str", "substr"];
        "split" => split, ["separator", "str"];
        "join" => join, ["separator"], ..."lists";
        "replace" => replace, ["str", "substr", "replace"];
        "substr" => substr, ["str", "offset", "length"];
        "strrev" => strrev, ["str"];
        "indent" => indent, ["spaces", "str"];
        "chomp" => chomp, ["str"];
        "format" => super::super::format::format, ["format"], ..."args", flags: NULL_OK | super::UNKNOWN_OK;
        "formatlist" => super::super::format::formatlist, ["format"], ..."args", flags: NULL_OK | super::UNKNOWN_OK;
    }
}

fn s(v: String) -> Result<Value, EvalError> {
    Ok(Value::String(nfc(v)))
}

/// `upper` on one character: Go's `unicode.ToUpper`, one character to one character.
pub fn simple_upper(c: char) -> char {
    let mut up = c.to_uppercase();
    match (up.next(), up.next()) {
        (Some(u), None) => u,
        _ => c,
    }
}

/// `lower` on one character: Go's `unicode.ToLower`, one character to one character.
pub fn simple_lower(c: char) -> char {
    if c == '\u{130}' {
        return 'i';
    }
    let mut low = c.to_lowercase();
    match (low.next(), low.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

/// Go's `unicode.ToTitle`.
fn simple_title(c: char) -> char {
    // Title case differs from upper case only for the digraphs.
    match c {
        '\u{1C4}'..='\u{1C6}' => '\u{1C5}',
        '\u{1C7}'..='\u{1C9}' => '\u{1C8}',
        '\u{1CA}'..='\u{1CC}' => '\u{1CB}',
        '\u{1F1}'..='\u{1F3}' => '\u{1F2}',
        _ => simple_upper(c),
    }
}

/// `upper(str)`: each character to upper case.
pub(crate) fn upper(a: &Args) -> Result<Value, EvalError> {
    s(a.get::<String>(0)?.chars().map(simple_upper).collect())
}

/// `lower(str)`: each character to lower case.
pub(crate) fn lower(a: &Args) -> Result<Value, EvalError> {
    s(a.get::<String>(0)?.chars().map(simple_lower).collect())
}

/// Word separators as Go's deprecated `strings.Title` sees them.
fn is_separator(c: char) -> bool {
    if c.is_ascii() {
        return !(c.is_ascii_alphanumeric() || c == '_');
    }
    if c.is_alphanumeric() {
        return false;
    }
    c.is_whitespace()
}

/// `title(str)`: the first letter of each word to title case.
pub(crate) fn title(a: &Args) -> Result<Value, EvalError> {
    let mut prev = ' ';
    let out = a
        .get::<String>(0)?
        .chars()
        .map(|c| {
            let r = if is_separator(prev) {
                simple_title(c)
            } else {
                c
            };
            prev = c;
            r
        })
        .collect();
    s(out)
}

/// `trimspace(str)`: removes Unicode white space at both ends.
pub(crate) fn trimspace(a: &Args) -> Result<Value, EvalError> {
    s(a.get::<String>(0)?
        .trim_matches(char::is_whitespace)
        .to_string())
}

/// `trim(str, cutset)`: removes the characters of `cutset` at both ends.
pub(crate) fn trim(a: &Args) -> Result<Value, EvalError> {
    let str = a.get::<String>(0)?;
    let cut: Vec<char> = a.get::<String>(1)?.chars().collect();
    s(str.trim_matches(|c| cut.contains(&c)).to_string())
}

/// `trimprefix(str, prefix)`
pub(crate) fn trimprefix(a: &Args) -> Result<Value, EvalError> {
    let str = a.get::<String>(0)?;
    let p = a.get::<String>(1)?;
    s(str.strip_prefix(p.as_str()).unwrap_or(&str).to_string())
}

/// `trimsuffix(str, suffix)`
pub(crate) fn trimsuffix(a: &Args) -> Result<Value, EvalError> {
    let str = a.get::<String>(0)?;
    let p = a.get::<String>(1)?;
    s(str.strip_suffix(p.as_str()).unwrap_or(&str).to_string())
}

/// `startswith(str, prefix)`
pub(crate) fn startswith(a: &Args) -> Result<Value, EvalError> {
    Ok(Value::Bool(
        a.get::<String>(0)?.starts_with(&a.get::<String>(1)?),
    ))
}

/// `endswith(str, suffix)`
pub(crate) fn endswith(a: &Args) -> Result<Value, EvalError> {
    Ok(Value::Bool(
        a.get::<String>(0)?.ends_with(&a.get::<String>(1)?),
    ))
}

/// `strcontains(str, substr)`
pub(crate) fn strcontains(a: &Args) -> Result<Value, EvalError> {
    Ok(Value::Bool(
        a.get::<String>(0)?.contains(&a.get::<String>(1)?),
    ))
}

fn string_list(items: Vec<String>) -> Value {
    Value::List(
        Type::String,
        items.into_iter().map(|x| Value::String(nfc(x))).collect(),
    )
}

/// `split(separator, str)`: an empty separator splits into characters.
pub(crate) fn split(a: &Args) -> Result<Value, EvalError> {
    let sep = a.get::<String>(0)?;
    let str = a.get::<String>(1)?;
    let parts: Vec<String> = if sep.is_empty() {
        str.chars().map(String::from).collect()
    } else {
        str.split(sep.as_str()).map(String::from).collect()
    };
    Ok(string_list(parts))
}

/// `join(separator, lists...)`
pub(crate) fn join(a: &Args) -> Result<Value, EvalError> {
    let sep = a.get::<String>(0)?;
    if a.len() < 2 {
        return Err(a.fail("at least one list is required"));
    }
    let mut items = Vec::new();
    for i in 1..a.len() {
        let list = a.value(i);
        match list {
            Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => {
                for (j, x) in xs.iter().enumerate() {
                    if x.is_null() {
                        return Err(a.bad(
                            i,
                            format!("element {j} is null; cannot concatenate null values"),
                        ));
                    }
                }
            }
            _ => {}
        }
        items.extend(a.get::<Strings>(i)?.0);
    }
    s(items.join(&sep))
}

/// `replace(str, substr, replace)`: a `substr` written `/…/` is a regular expression.
pub(crate) fn replace(a: &Args) -> Result<Value, EvalError> {
    let str = a.get::<String>(0)?;
    let sub = a.get::<String>(1)?;
    let rep = a.get::<String>(2)?;
    if sub.len() > 1 && sub.starts_with('/') && sub.ends_with('/') {
        let compiled = super::regex::compile(&sub[1..sub.len() - 1]).map_err(|e| {
            // `replace` reports Go's own wording: "error parsing regexp: CODE: `EXPR`".
            let e = e.trim_start_matches("invalid regexp pattern: ");
            match e.split_once(" in ") {
                Some((code, expr)) => a.fail(format!("error parsing regexp: {code}: `{expr}`")),
                None => a.fail(format!("error parsing regexp: {e}")),
            }
        })?;
        return s(compiled.0.replace_all(&str, rep.as_str()).into_owned());
    }
    s(str.replace(&sub, &rep))
}

/// `substr(str, offset, length)`, in grapheme clusters: a negative offset counts from the end,
/// a length of -1 takes the rest, an over-long length is clamped.
pub(crate) fn substr(a: &Args) -> Result<Value, EvalError> {
    let str = a.get::<String>(0)?;
    let mut offset = a.int(1)?;
    let length = a.int(2)?;
    let graphemes: Vec<&str> = str.graphemes(true).collect();
    if offset < 0 {
        offset = (offset + graphemes.len() as i64).max(0);
    }
    let start = (offset as usize).min(graphemes.len());
    let end = if length < 0 {
        graphemes.len()
    } else {
        (start + length as usize).min(graphemes.len())
    };
    s(graphemes[start..end].concat())
}

/// `strrev(str)`: the grapheme clusters in reverse order.
pub(crate) fn strrev(a: &Args) -> Result<Value, EvalError> {
    let str = a.get::<String>(0)?;
    s(str.graphemes(true).rev().collect())
}

/// `indent(spaces, str)`: indents every line but the first.
pub(crate) fn indent(a: &Args) -> Result<Value, EvalError> {
    let n = a.int(0)?;
    if n < 0 {
        // Terraform's implementation panics here; the call fails.
        return Err(a.fail("panic in function implementation: strings: negative Repeat count"));
    }
    let str = a.get::<String>(1)?;
    // Terraform builds the padding first, whatever the text: past Go's largest allocation
    // it fails with Go's panic.
    if n > GO_MAX_ALLOC {
        return Err(
            a.fail("panic in function implementation: runtime error: makeslice: len out of range")
        );
    }
    let n = n as usize;
    let breaks = str.matches('\n').count();
    check_built_len(breaks.saturating_mul(n).saturating_add(str.len()), || {
        format!("calls `indent` with {n} spaces")
    })?;
    if breaks == 0 {
        return s(str);
    }
    let pad = format!("\n{}", " ".repeat(n));
    s(str.replace('\n', &pad))
}

/// Go's largest allocation on a 64-bit machine (`maxAlloc`, 2^48 bytes): a longer slice is a
/// `makeslice: len out of range` panic, which Terraform reports as the function's failure.
const GO_MAX_ALLOC: i64 = 1 << 48;

/// `chomp(str)`: removes trailing newlines (`\n`, `\r\n`, `\r`).
pub(crate) fn chomp(a: &Args) -> Result<Value, EvalError> {
    let str = a.get::<String>(0)?;
    s(str.trim_end_matches(['\n', '\r']).to_string())
}
