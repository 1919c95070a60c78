//! `regex` and `regexall`, with Go's RE2 syntax translated by [`crate::regex_go`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use regex::Regex;

use crate::types::{Attribute, Type};
use crate::value::Value;

use super::args::Args;
use super::{table, Builtin};
use crate::eval::error::EvalError;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "regex" => regex, ["pattern", "string"];
        "regexall" => regexall, ["pattern", "string"];
    }
}

/// Compiles a Go pattern (cached). The error is Terraform's wording after
/// `Invalid value for "pattern" parameter: `.
pub(crate) fn compile(pattern: &str) -> Compiled {
    compile_with_names(pattern)
}

/// A compiled pattern and the Go names of its groups, shared so that a cached regex keeps its
/// matching caches warm.
pub(crate) type Pattern = Arc<(Regex, Vec<Option<String>>)>;

/// A compiled pattern, or Terraform's message for an invalid one.
pub(crate) type Compiled = Result<Pattern, String>;

/// Compiles a Go pattern (cached), with the Go names of its capture groups.
fn compile_with_names(pattern: &str) -> Compiled {
    static CACHE: OnceLock<Mutex<HashMap<String, Compiled>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(r) = cache.lock().ok().and_then(|c| c.get(pattern).cloned()) {
        return r;
    }
    let compiled = crate::regex_go::translate_with_names(pattern)
        .and_then(|t| {
            Regex::new(&t.pattern)
                .map(|re| Arc::new((re, t.names)))
                .map_err(|e| e.to_string())
        })
        .map_err(|e| format!("invalid regexp pattern: {e}"));
    if let Ok(mut c) = cache.lock() {
        if c.len() > 1024 {
            c.clear();
        }
        c.insert(pattern.to_string(), compiled.clone());
    }
    compiled
}

enum Shape {
    Whole,
    Positional(usize),
    /// The Go name of each group, in order; a repeated name keeps the last group's match.
    Named(Vec<String>),
}

fn shape(names: &[Option<String>]) -> Result<Shape, String> {
    if names.is_empty() {
        return Ok(Shape::Whole);
    }
    let named = names.iter().filter(|n| n.is_some()).count();
    if named == 0 {
        return Ok(Shape::Positional(names.len()));
    }
    if named != names.len() {
        return Err(
            "invalid regexp pattern: cannot mix both named and unnamed capture groups".into(),
        );
    }
    Ok(Shape::Named(names.iter().flatten().cloned().collect()))
}

fn group(m: Option<regex::Match<'_>>) -> Value {
    match m {
        Some(m) => Value::String(m.as_str().to_string()),
        None => Value::Null(Type::String),
    }
}

fn result(shape: &Shape, caps: &regex::Captures<'_>) -> Value {
    match shape {
        Shape::Whole => group(caps.get(0)),
        Shape::Positional(n) => Value::Tuple((1..=*n).map(|i| group(caps.get(i))).collect()),
        Shape::Named(names) => Value::Object(
            names
                .iter()
                .enumerate()
                .map(|(i, n)| (n.clone(), group(caps.get(i + 1))))
                .collect(),
        ),
    }
}

fn result_type(shape: &Shape) -> Type {
    match shape {
        Shape::Whole => Type::String,
        Shape::Positional(n) => Type::Tuple(vec![Type::String; *n]),
        Shape::Named(names) => Type::Object(
            names
                .iter()
                .map(|n| Attribute {
                    name: n.as_str().into(),
                    ty: Type::String,
                    optional: false,
                    default: None,
                })
                .collect(),
        ),
    }
}

fn prepare(a: &Args) -> Result<(Pattern, Shape, String), EvalError> {
    let pattern = a.get::<String>(0)?;
    let s = a.get::<String>(1)?;
    let compiled = compile_with_names(&pattern).map_err(|e| a.bad(0, e))?;
    let shape = shape(&compiled.1).map_err(|e| a.bad(0, e))?;
    Ok((compiled, shape, s))
}

/// `regex(pattern, string)`: the first match (unanchored); an error when nothing matches.
pub(crate) fn regex(a: &Args) -> Result<Value, EvalError> {
    let (compiled, shape, s) = prepare(a)?;
    match compiled.0.captures(&s) {
        Some(caps) => Ok(result(&shape, &caps)),
        None => Err(a.fail("pattern did not match any part of the given string")),
    }
}

/// `regexall(pattern, string)`: every non-overlapping match, as Go's `FindAll` finds them.
pub(crate) fn regexall(a: &Args) -> Result<Value, EvalError> {
    let (compiled, shape, s) = prepare(a)?;
    let mut out = Vec::new();
    let mut prev_end: Option<usize> = None;
    for caps in compiled.0.captures_iter(&s) {
        let m = caps.get(0).expect("group 0");
        // Go ignores an empty match that abuts the previous match.
        if m.is_empty() && prev_end == Some(m.start()) {
            continue;
        }
        prev_end = Some(m.end());
        out.push(result(&shape, &caps));
    }
    Ok(Value::List(result_type(&shape), out))
}
