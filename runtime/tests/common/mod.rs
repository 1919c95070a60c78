//! Shared helpers of the evaluator tests: parsing expressions as Terraform writes them and
//! printing values as `terraform console` prints them.

#![allow(dead_code)]

use std::collections::BTreeMap;

use tfvars_runtime::eval::{EvalError, Scope};
use tfvars_runtime::{Expr, ModuleSpec, Type, Value};

/// Parses and lowers one expression.
pub fn parse(text: &str) -> Result<Expr, String> {
    tfvars_codegen::lower::expression_from_text(text).map_err(|errs| {
        errs.iter()
            .map(|e| format!("{}: {}", e.summary, e.detail))
            .collect::<Vec<_>>()
            .join("; ")
    })
}

/// Evaluates an expression with no variables in scope.
pub fn eval(text: &str) -> Result<Value, EvalError> {
    let expr = parse(text).map_err(|e| EvalError::new("Parse error", e))?;
    let spec = ModuleSpec::default();
    let values = BTreeMap::new();
    // The recordings come from Terraform 1.11.
    Scope::new(&spec, &values)
        .with_version(tfvars_runtime::TerraformVersion::V1_11)
        .eval(&expr)
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x0B' => out.push_str("\\v"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0C' => out.push_str("\\f"),
            '\u{ad}'
            | '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{feff}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if (c as u32) < 0x20 || c == '\x7f' => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn type_name(t: &Type) -> String {
    match t {
        Type::Any => "dynamic".into(),
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::List(e) => format!("list of {}", type_name(e)),
        Type::Set(e) => format!("set of {}", type_name(e)),
        Type::Map(e) => format!("map of {}", type_name(e)),
        Type::Tuple(_) => "tuple".into(),
        Type::Object(_) => "object".into(),
    }
}

/// A value as `terraform console` prints it.
pub fn console(v: &Value) -> String {
    render(v, 0)
}

fn render(v: &Value, indent: usize) -> String {
    let pad = "  ".repeat(indent + 1);
    let end = "  ".repeat(indent);
    let seq = |open: &str, close: &str, xs: &[Value]| {
        if xs.is_empty() {
            return format!("{open}{close}");
        }
        let mut s = format!("{open}\n");
        for x in xs {
            s.push_str(&format!("{pad}{},\n", render(x, indent + 1)));
        }
        s.push_str(&format!("{end}{close}"));
        s
    };
    let map = |open: &str, close: &str, m: &tfvars_runtime::ValueMap| {
        if m.is_empty() {
            return format!("{open}{close}");
        }
        let mut s = format!("{open}\n");
        for (k, x) in m {
            s.push_str(&format!("{pad}{} = {}\n", quote(k), render(x, indent + 1)));
        }
        s.push_str(&format!("{end}{close}"));
        s
    };
    match v {
        Value::Null(Type::String) => "tostring(null)".into(),
        Value::Null(Type::Number) => "tonumber(null)".into(),
        Value::Null(Type::Bool) => "tobool(null)".into(),
        Value::Null(Type::List(e)) => format!("tolist(null) /* of {} */", type_name(e)),
        Value::Null(Type::Set(e)) => format!("toset(null) /* of {} */", type_name(e)),
        Value::Null(Type::Map(e)) => format!("tomap(null) /* of {} */", type_name(e)),
        Value::Null(Type::Tuple(_)) => "null /* tuple */".into(),
        Value::Null(Type::Object(_)) => "null /* object */".into(),
        Value::Null(_) => "null".into(),
        Value::Unknown(_) => "(known after apply)".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_terraform_string(),
        Value::String(s) if s.contains('\n') => format!("<<EOT\n{s}\nEOT"),
        Value::String(s) => quote(s),
        Value::List(_, xs) => seq("tolist([", "])", xs),
        Value::Set(_, xs) => seq("toset([", "])", xs),
        Value::Tuple(xs) => seq("[", "]", xs),
        Value::Map(_, m) => map("tomap({", "})", m),
        Value::Object(m) => map("{", "}", m),
    }
}

/// The recorder collapsed runs of white space in error messages; compare the same way.
fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What one data line expects.
pub enum Expected {
    /// The console output, with newlines as `\n`.
    Value(String),
    /// Terraform's summary and detail; when Terraform reported several errors (it sorts them
    /// by source position), any one of them.
    Error(Vec<(String, String)>),
}

/// Parses a recorded line: `EXPR <TAB> => VALUE` or `EXPR <TAB> !!  Error: SUMMARY (source
/// code not available) DETAIL`.
pub fn parse_line(line: &str) -> Option<(String, Expected)> {
    let (expr, rest) = line.split_once('\t')?;
    if let Some(v) = rest.strip_prefix("=> ") {
        return Some((expr.to_string(), Expected::Value(v.replace("\\n", "\n"))));
    }
    let rest = rest.strip_prefix("!!")?.trim_start();
    let mut errors = Vec::new();
    for chunk in rest.split("Error: ").filter(|c| !c.trim().is_empty()) {
        let (summary, detail) = chunk.split_once(" (source code not available) ")?;
        errors.push((summary.to_string(), detail.trim_end().to_string()));
    }
    if errors.is_empty() {
        return None;
    }
    Some((expr.to_string(), Expected::Error(errors)))
}

/// Runs every case in a data file; returns the failures, described.
pub fn run_file(text: &str) -> (usize, Vec<String>) {
    run_file_with(text, eval)
}

/// [`run_file`], where a failing case must give every error Terraform gave, each as often, and
/// no other (in any order): for cases that are about how many errors there are.
pub fn run_file_every_error(text: &str) -> (usize, Vec<String>) {
    run_file_checking(text, eval, true)
}

/// [`run_file`] with another evaluator (one with variables in scope).
pub fn run_file_with(
    text: &str,
    eval: impl Fn(&str) -> Result<Value, EvalError>,
) -> (usize, Vec<String>) {
    run_file_checking(text, eval, false)
}

/// Runs every case; a failing case must give one of Terraform's errors, or with
/// `every_error` exactly Terraform's errors.
fn run_file_checking(
    text: &str,
    eval: impl Fn(&str) -> Result<Value, EvalError>,
    every_error: bool,
) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let Some((expr, expected)) = parse_line(line) else {
            failures.push(format!("unreadable line: {line}"));
            continue;
        };
        n += 1;
        let got = eval(&expr);
        let ok = match (&expected, &got) {
            (Expected::Value(want), Ok(v)) => console(v) == *want,
            (Expected::Error(errs), Err(e)) if every_error => {
                let key = |s: &str, d: &str| (s.to_string(), squash(d));
                let mut want: Vec<_> = errs.iter().map(|(s, d)| key(s, d)).collect();
                let all = e.clone().all();
                let mut ours: Vec<_> = all.iter().map(|e| key(&e.summary, &e.detail)).collect();
                want.sort();
                ours.sort();
                want == ours
            }
            (Expected::Error(errs), Err(e)) => errs
                .iter()
                .any(|(s, d)| e.summary == *s && squash(&e.detail) == squash(d)),
            _ => false,
        };
        if !ok {
            let want = match &expected {
                Expected::Value(v) => v.clone(),
                Expected::Error(errs) => errs
                    .iter()
                    .map(|(s, d)| format!("error {s}: {d}"))
                    .collect::<Vec<_>>()
                    .join("\n      or "),
            };
            let got = match &got {
                Ok(v) => console(v),
                Err(e) => e
                    .clone()
                    .all()
                    .iter()
                    .map(|e| format!("error {}: {}", e.summary, e.detail))
                    .collect::<Vec<_>>()
                    .join("\n      and "),
            };
            failures.push(format!("{expr}\n    want: {want}\n    got:  {got}"));
        }
    }
    (n, failures)
}
