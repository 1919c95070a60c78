//! `variable` and `locals` in Terraform's JSON syntax (`.tf.json`).
//!
//! Strings in `type` are parsed as HCL expressions, strings in `condition`, `error_message` and
//! `locals` as HCL templates (`"${var.x > 1}"`); `default` and `description` are literal, as
//! Terraform reads them with no evaluation context.

use std::ops::Range;

use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::{Expr, Number, Type, ValidationSpec, Value, VariableSpec};

use crate::error::Problem;
use crate::hcl_file::{
    labels_of, top_level_block_types, MISPLACED_REQUIRED_PROVIDERS, VALIDATION_ARGS, VARIABLE_ARGS,
};
use crate::loader::{
    check_condition, check_variable_name, convert_value, Declared, FileCx, FileDecls, RefSite,
};
use crate::lower::{lower_template, nfc, syntax_errors, LowerError};
use crate::source::SourceFile;
use crate::suggest::extraneous_property;
use crate::type_expr::parse_type_constraint_in;

mod parse;

use parse::{parse, Json, JsonKind};

/// Reads one `.tf.json` file into `decls`.
pub(crate) fn read(cx: &mut FileCx, decls: &mut FileDecls) {
    let root = match parse(&cx.file.text) {
        Ok(v) => v,
        Err((offset, msg)) => {
            // The runtime's reader follows HCL's JSON scanner and parser: where it finds the
            // syntax errors, they are reported in Terraform's words and places, all of them.
            // (Its `.tfvars.json` reading stops at syntax errors, adding HCL's «Root value must
            // be object» when recovery left no object; a `.tf.json` file is parsed the same way.)
            let diags = match tfvars_runtime::json::parse_tfvars_json(&cx.file.text, &cx.file.name)
            {
                Err(diags)
                    if diags
                        .iter()
                        .all(|d| d.summary != "Duplicate attribute definition") =>
                {
                    Some(diags)
                }
                _ => None,
            };
            if let Some(diags) = diags {
                for d in diags {
                    let snippet = d.location.as_ref().and_then(|l| {
                        let offset = cx.file.offset_of(l.line as usize, l.column as usize);
                        cx.file.snippet_line(offset)
                    });
                    cx.problems.push(Problem {
                        location: d.location,
                        message: format!("{}: {}", d.summary, d.detail.trim_end_matches('.')),
                        snippet,
                    });
                }
                return;
            }
            let (summary, detail) = msg
                .split_once(": ")
                .unwrap_or(("Invalid JSON syntax", &msg));
            // The parser words its messages `Summary: detail`.
            cx.problem(Some(offset..offset), summary, detail);
            return;
        }
    };
    let JsonKind::Object(props) = &root.kind else {
        cx.problem(
            Some(root.span.clone()),
            "Invalid JSON syntax",
            "A JSON object is required here, to define arguments and blocks.",
        );
        return;
    };
    for (key, key_span, value) in props {
        match key.as_str() {
            "variable" => {
                for (name, name_span, body) in labelled(cx, value, "variable") {
                    variable(cx, decls, &name, name_span, body);
                }
            }
            "locals" => {
                for body in bodies(value) {
                    locals(cx, decls, body);
                }
            }
            // A comment.
            "//" => {}
            "required_providers" => {
                let (summary, detail) = MISPLACED_REQUIRED_PROVIDERS;
                cx.problem(Some(key_span.clone()), summary, detail);
            }
            known if labels_of(known).is_some() => {}
            // As in a native-syntax file, a misspelt block type must not make what it
            // declares vanish without a word.
            other => cx.problem(
                Some(key_span.clone()),
                "Extraneous JSON object property",
                &extraneous_property(other, &[], |_| false, &top_level_block_types()),
            ),
        }
    }
}

/// A block body given as an object or as an array of objects.
fn bodies(value: &Json) -> Vec<&Json> {
    match &value.kind {
        JsonKind::Array(items) => items.iter().collect(),
        _ => vec![value],
    }
}

/// The `"name": {body}` pairs of a one-label block type, in any of Terraform's forms.
fn labelled<'a>(
    cx: &mut FileCx,
    value: &'a Json,
    kind: &str,
) -> Vec<(String, Range<usize>, &'a Json)> {
    let mut out = Vec::new();
    for group in bodies(value) {
        let JsonKind::Object(props) = &group.kind else {
            cx.problem(
                Some(group.span.clone()),
                "Incorrect JSON value type",
                &format!("A JSON object is required here, whose properties are {kind} names."),
            );
            continue;
        };
        for (name, name_span, body) in props {
            if name == "//" {
                continue;
            }
            for b in bodies(body) {
                out.push((name.clone(), name_span.clone(), b));
            }
        }
    }
    out
}

fn variable(
    cx: &mut FileCx,
    decls: &mut FileDecls,
    name: &str,
    name_span: Range<usize>,
    body: &Json,
) {
    check_variable_name(cx, name, Some(name_span.clone()));
    let mut spec = VariableSpec {
        name: name.to_string(),
        ty: Type::Any,
        typed: false,
        default: None,
        description: None,
        sensitive: false,
        nullable: true,
        nullable_set: false,
        ephemeral: false,
        validations: Vec::new(),
        // Terraform locates a JSON block by its body's `{`.
        location: cx.file.location(body.span.start),
    };
    let JsonKind::Object(props) = &body.kind else {
        cx.problem(
            Some(body.span.clone()),
            "Incorrect JSON value type",
            "A JSON object is required here, to define the variable's arguments.",
        );
        return;
    };
    check_unique_keys(cx, props);
    let mut raw_default = None;
    let mut default_span = None;
    let mut type_ok = true;
    let mut set: Vec<&str> = Vec::new();
    for (key, key_span, value) in props {
        set.push(key.as_str());
        match key.as_str() {
            "//" => {}
            "type" => {
                let JsonKind::String(text) = &value.kind else {
                    type_ok = false;
                    cx.problem(
                        Some(value.span.clone()),
                        "Invalid type specification",
                        "A type specification is either a primitive type keyword (bool, number, \
                         string) or a complex type constructor call, like list(string).",
                    );
                    continue;
                };
                // The type's own text, which the spans of its errors point into.
                let source = SourceFile::new(cx.file.name.clone(), &cx.file.path, text.clone());
                let arena = tfvars_hcl::Arena::new();
                let parsed = tfvars_hcl::parse_expression(&arena, &source.text, &cx.file.name);
                let ty = if parsed.diagnostics.is_empty() {
                    parse_type_constraint_in(&parsed.value, Some(&source))
                } else {
                    Err(syntax_errors(parsed.diagnostics))
                };
                match ty {
                    Ok(ty) => {
                        spec.ty = ty;
                        spec.typed = true;
                    }
                    Err(errs) => {
                        type_ok = false;
                        inner_errors(cx, errs, value, 0);
                    }
                }
            }
            "default" => {
                default_span = Some(value.span.clone());
                if duplicate_attributes(cx, value) {
                    type_ok = false;
                } else {
                    raw_default = Some(literal(value));
                }
            }
            // Taken literally, then converted to a string as Terraform decodes it.
            "description" => match convert_value(literal(value), &Type::String) {
                Ok(Value::String(s)) => spec.description = Some(s),
                Ok(_) => cx.problem(
                    Some(value.span.clone()),
                    "Unsuitable value type",
                    "Unsuitable value: value must not be null",
                ),
                Err(detail) => cx.problem(
                    Some(value.span.clone()),
                    "Unsuitable value type",
                    &format!("Unsuitable value: {detail}"),
                ),
            },
            "sensitive" | "ephemeral" | "nullable" => {
                let b = match convert_value(literal(value), &Type::Bool) {
                    Ok(Value::Bool(b)) => Some(b),
                    Ok(_) => {
                        cx.problem(
                            Some(value.span.clone()),
                            "Unsuitable value type",
                            "Unsuitable value: value must not be null",
                        );
                        None
                    }
                    Err(detail) => {
                        cx.problem(
                            Some(value.span.clone()),
                            "Unsuitable value type",
                            &format!("Unsuitable value: {detail}"),
                        );
                        None
                    }
                };
                match key.as_str() {
                    "sensitive" => spec.sensitive = b.unwrap_or(false),
                    "ephemeral" => spec.ephemeral = b.unwrap_or(false),
                    _ => {
                        spec.nullable_set = true;
                        spec.nullable = b.unwrap_or(true);
                    }
                }
            }
            "validation" if cx.is_override => cx.problem(
                Some(key_span.clone()),
                "Can't override validation blocks",
                "Override files cannot override \"validation\" blocks.",
            ),
            "validation" => {
                for v in bodies(value) {
                    // Terraform names a validation in array form by the array's `[`.
                    let at = match &value.kind {
                        JsonKind::Array(_) => value.span.start,
                        _ => v.span.start,
                    };
                    if let Some(rule) = validation(cx, decls, name, v, at) {
                        spec.validations.push(rule);
                    }
                }
            }
            other => cx.problem(
                Some(key_span.clone()),
                "Extraneous JSON object property",
                &extraneous_property(other, VARIABLE_ARGS, |a| sets(props, a), &["validation"]),
            ),
        }
    }
    let declared = Declared {
        spec,
        raw_default,
        default_at: default_span.map(|s| cx.spot(Some(s))),
        type_ok,
        description_set: set.contains(&"description"),
        type_set: set.contains(&"type"),
        sensitive_set: set.contains(&"sensitive"),
        ephemeral_set: set.contains(&"ephemeral"),
        overridden: None,
        converted: None,
        header: cx.spot(Some(body.span.start..body.span.start + 1)),
        declared_at: cx.file.range_text(body.span.start..body.span.start + 1),
    };
    decls.variables.push(declared);
}

/// Whether a body's properties set the argument `name`.
fn sets(props: &[(String, Range<usize>, Json)], name: &str) -> bool {
    props.iter().any(|(key, _, _)| key == name)
}

fn check_unique_keys(cx: &mut FileCx, props: &[(String, Range<usize>, Json)]) {
    for (i, (key, span, _)) in props.iter().enumerate() {
        if key == "//" {
            continue;
        }
        if let Some((_, first, _)) = props[..i].iter().find(|(k, _, _)| k == key) {
            let at = cx.file.location(first.start);
            cx.problem(
                Some(span.clone()),
                "Duplicate argument",
                &format!(
                    "The argument \"{key}\" was already set at {at}. Each argument may be set only once."
                ),
            );
        }
    }
}

/// Reports every object in a literal value that names an attribute twice, as Terraform does
/// when it decodes the value; true when there was one.
fn duplicate_attributes(cx: &mut FileCx, value: &Json) -> bool {
    let mut found = false;
    match &value.kind {
        JsonKind::Array(items) => {
            for item in items {
                found |= duplicate_attributes(cx, item);
            }
        }
        JsonKind::Object(props) => {
            for (i, (key, span, v)) in props.iter().enumerate() {
                if let Some((_, first, _)) = props[..i].iter().find(|(k, _, _)| k == key) {
                    let (line, col) = cx.file.line_col(first.start);
                    let (end_line, end_col) = cx.file.line_col(first.end);
                    let end = if end_line == line {
                        end_col.to_string()
                    } else {
                        format!("{end_line},{end_col}")
                    };
                    cx.problem(
                        Some(span.clone()),
                        "Duplicate object attribute",
                        &format!(
                            "An attribute named \"{key}\" was already defined at {}:{line},{col}-{end}.",
                            cx.file.name
                        ),
                    );
                    found = true;
                }
                found |= duplicate_attributes(cx, v);
            }
        }
        _ => {}
    }
    found
}

/// Errors found inside a JSON string point into the string when it has no escapes (so that
/// offsets in its content are offsets in the file), else at the string. `origin` is where HCL
/// takes the content to start, counted from the opening quote: a template (a condition, a
/// message, a local) starts after it (1), but an expression (a `type`) starts at the quote
/// itself (0), so Terraform's positions in a type are one column before the character's own.
fn inner_errors(cx: &mut FileCx, errs: Vec<LowerError>, value: &Json, origin: usize) {
    let raw = cx.file.snippet(value.span.clone());
    let plain = !raw.contains('\\');
    for e in errs {
        let span = match e.span {
            Some(s) if plain => {
                value.span.start + origin + s.start..value.span.start + origin + s.end
            }
            _ => value.span.clone(),
        };
        cx.problem(Some(span), &e.summary, &e.detail);
    }
}

/// Where a JSON string's content starts, and its text, for reference checks.
fn ref_site(cx: &FileCx, value: &Json, expr: &Expr) -> RefSite {
    RefSite::new(
        expr,
        source_of(value),
        cx.file
            .location(value.span.start + usize::from(matches!(value.kind, JsonKind::String(_)))),
    )
}

fn validation(
    cx: &mut FileCx,
    decls: &mut FileDecls,
    variable: &str,
    body: &Json,
    at: usize,
) -> Option<ValidationSpec> {
    let location = cx.file.location(at);
    let JsonKind::Object(props) = &body.kind else {
        cx.problem(
            Some(body.span.clone()),
            "Incorrect JSON value type",
            "A JSON object is required here, to define the validation's arguments.",
        );
        return None;
    };
    check_unique_keys(cx, props);
    let mut condition = None;
    let mut message = None;
    for (key, key_span, value) in props {
        match key.as_str() {
            "//" => {}
            "condition" => condition = Some(value),
            "error_message" => message = Some(value),
            other => cx.problem(
                Some(key_span.clone()),
                "Extraneous JSON object property",
                &extraneous_property(other, VALIDATION_ARGS, |a| sets(props, a), &[]),
            ),
        }
    }
    // Terraform points at the object's closing brace for what it lacks.
    let close = body.span.end.saturating_sub(1);
    for (missing, name) in [
        (condition.is_none(), "condition"),
        (message.is_none(), "error_message"),
    ] {
        if missing {
            cx.problem(
                Some(close..close + 1),
                "Missing required argument",
                &format!("The argument \"{name}\" is required, but no definition was found."),
            );
        }
    }
    let (condition, message) = (condition?, message?);
    let cond = expression(cx, condition)?;
    check_condition(cx, variable, &cond, Some(condition.span.clone()));
    let msg = expression(cx, message)?;
    decls.references.push(ref_site(cx, condition, &cond));
    decls.references.push(ref_site(cx, message, &msg));
    Some(ValidationSpec {
        condition: cond,
        error_message: msg,
        condition_source: source_of(condition),
        error_message_source: source_of(message),
        location,
    })
}

/// The source text of a JSON expression: a string's content, or the JSON text.
fn source_of(value: &Json) -> String {
    match &value.kind {
        JsonKind::String(s) => s.clone(),
        _ => literal_text(value),
    }
}

fn literal_text(value: &Json) -> String {
    match &value.kind {
        JsonKind::Null => "null".into(),
        JsonKind::Bool(b) => b.to_string(),
        JsonKind::Number(n) => n.clone(),
        JsonKind::String(s) => serde_json::to_string(s).unwrap_or_default(),
        JsonKind::Array(items) => format!(
            "[{}]",
            items
                .iter()
                .map(literal_text)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        JsonKind::Object(props) => format!(
            "{{{}}}",
            props
                .iter()
                .map(|(k, _, v)| format!(
                    "{}: {}",
                    serde_json::to_string(k).unwrap_or_default(),
                    literal_text(v)
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// A JSON value read as an expression: strings are templates, containers recurse.
fn expression(cx: &mut FileCx, value: &Json) -> Option<Expr> {
    match &value.kind {
        JsonKind::String(s) => match lower_template(s, false) {
            Ok(e) => Some(e),
            Err(errs) => {
                inner_errors(cx, errs, value, 1);
                None
            }
        },
        JsonKind::Array(items) => {
            let mut out = Vec::new();
            for item in items {
                out.push(expression(cx, item)?);
            }
            Some(Expr::Tuple(out))
        }
        JsonKind::Object(props) => {
            let mut out = Vec::new();
            for (k, _, v) in props {
                let key = match lower_template(k, false).ok() {
                    Some(e) => e,
                    None => Expr::Literal(Value::String(nfc(k))),
                };
                out.push((key, expression(cx, v)?));
            }
            Some(Expr::Object(out))
        }
        _ => Some(Expr::Literal(literal(value))),
    }
}

/// A JSON value taken literally (strings are not templates here).
pub(crate) fn literal(value: &Json) -> Value {
    match &value.kind {
        JsonKind::Null => Value::null(),
        JsonKind::Bool(b) => Value::Bool(*b),
        JsonKind::Number(text) => Number::parse_json(text)
            .map(Value::Number)
            .unwrap_or_else(Value::null),
        JsonKind::String(s) => Value::String(nfc(s)),
        JsonKind::Array(items) => Value::Tuple(items.iter().map(literal).collect()),
        JsonKind::Object(props) => {
            Value::Object(props.iter().map(|(k, _, v)| (nfc(k), literal(v))).collect())
        }
    }
}

fn locals(cx: &mut FileCx, decls: &mut FileDecls, body: &Json) {
    let JsonKind::Object(props) = &body.kind else {
        cx.problem(
            Some(body.span.clone()),
            "Incorrect JSON value type",
            "A JSON object is required here, whose properties are local value names.",
        );
        return;
    };
    for (name, span, value) in props {
        if name == "//" {
            continue;
        }
        let Some(expr) = expression(cx, value) else {
            continue;
        };
        decls.references.push(ref_site(cx, value, &expr));
        let local = LocalSpec {
            name: name.clone(),
            expr,
            location: cx.file.location(span.start),
        };
        let declared_at = cx.file.range_text(span.start..value.span.end);
        decls.locals.push((local, Some(span.clone()), declared_at));
    }
}
