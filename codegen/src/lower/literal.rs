//! The value of a constant written as literals alone (`true`, `3`, `"eu-west-1"`, `[80, 443]`,
//! `{ team = "a" }`), read straight from the syntax tree.
//!
//! Most defaults and optional-attribute defaults are such literals; lowering them into the
//! expression IR and evaluating that builds the same value with a tree of nodes made only to
//! be thrown away. Anything else (a reference, a call, an operator, an interpolation, a number
//! HCL does not read, a key that is not a string, nesting near the evaluator's limit) is left
//! to [`super::lower_constant`] and the evaluator, which report what there is to report.

use tfvars_hcl::{Expr, ExprKind, TemplatePart};
use tfvars_runtime::{Value, ValueMap};

use super::{bare_name, nfc, parse_number};

/// How deep a literal is read here: well inside the evaluator's own limit, so that a deeper
/// one, which may be too deep, gets the evaluator's answer.
const MAX_LITERAL_DEPTH: usize = 32;

/// The value of `expr` when it is made of literals alone, exactly as lowering and evaluating
/// it gives; `None` when it is anything else.
pub(super) fn literal_value(expr: &Expr) -> Option<Value> {
    value(expr, 0)
}

fn value(expr: &Expr, depth: usize) -> Option<Value> {
    if depth >= MAX_LITERAL_DEPTH {
        return None;
    }
    match &expr.kind {
        ExprKind::Null => Some(Value::null()),
        ExprKind::Bool(b) => Some(Value::Bool(*b)),
        ExprKind::Number(text) => parse_number(text).map(Value::Number),
        ExprKind::Template(parts) => string(parts).map(Value::String),
        ExprKind::Parens(inner) => value(inner, depth + 1),
        ExprKind::Tuple(items) => items
            .iter()
            .map(|item| value(item, depth + 1))
            .collect::<Option<Vec<Value>>>()
            .map(Value::Tuple),
        ExprKind::Object(items) => {
            let mut map = ValueMap::with_capacity(items.len());
            for item in *items {
                let key = match (bare_name(&item.key), item.parenthesized) {
                    (Some(name), false) => name.to_string(),
                    _ => match &item.key.kind {
                        ExprKind::Template(parts) => string(parts)?,
                        _ => return None,
                    },
                };
                // A later item of the same key replaces an earlier one, as in evaluation.
                map.insert(key, value(&item.value, depth + 1)?);
            }
            Some(Value::Object(map))
        }
        _ => None,
    }
}

/// A quoted string or heredoc of literal text alone, NFC-normalised as lowering does; `None`
/// when it has interpolations or directives, or literal text in more than one part.
fn string(parts: &[TemplatePart]) -> Option<String> {
    let mut text = None;
    for part in parts {
        match part {
            TemplatePart::Literal { value: "", .. } => {}
            TemplatePart::Literal { value, .. } if text.is_none() => text = Some(*value),
            _ => return None,
        }
    }
    Some(text.map(nfc).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::lower_constant;
    use proptest::prelude::*;

    /// What lowering and evaluating `text` gives, or `None` when either fails.
    fn evaluated(expr: &Expr) -> Option<Value> {
        let lowered = lower_constant(expr).ok()?;
        tfvars_runtime::eval::eval_constant(&lowered).ok()
    }

    fn check(text: &str) -> Option<Value> {
        let arena = tfvars_hcl::Arena::new();
        let parsed = tfvars_hcl::parse_expression(&arena, text, "<test>");
        assert!(
            parsed.diagnostics.is_empty(),
            "{text}: {:?}",
            parsed.diagnostics
        );
        let fast = literal_value(&parsed.value);
        if let Some(v) = &fast {
            assert_eq!(Some(v), evaluated(&parsed.value).as_ref(), "{text}");
        }
        fast
    }

    #[test]
    fn literals_read_directly_equal_their_evaluation() {
        for text in [
            "null",
            "true",
            "0",
            "007",
            "1.50",
            "5.63937047203182096022e400",
            "1e-400",
            "\"\"",
            "\"eu-west-1\"",
            "\"caf\u{0065}\u{0301}\"",
            "\"a\\nb\\u00e9\"",
            "\"$${not} %%{this}\"",
            "<<EOT\nline\n  indented\nEOT\n",
            "<<-EOT\n    a\n      b\n    EOT\n",
            "[]",
            "[80, 443, \"x\", null, [true]]",
            "{}",
            "{ team = \"a\", size = 3 }",
            "{ \"quoted key\" = 1, true = 2, null = 3, false = 4 }",
            "{ a = 1, a = 2 }",
            "{ a = 1, \"a\" = 2 }",
            "{ \"e\u{0301}\" = 1, \"\u{00e9}\" = 2 }",
            "(1)",
            "((\"x\"))",
            "{ a = { b = { c = [1, { d = null }] } } }",
        ] {
            assert!(check(text).is_some(), "{text} is read directly");
        }
    }

    #[test]
    fn anything_but_literals_is_left_to_the_evaluator() {
        for text in [
            "-1",
            "!true",
            "1 + 2",
            "\"${1}\"",
            "\"a${1}b\"",
            "\"%{if true}x%{endif}\"",
            "var.x",
            "upper(\"a\")",
            "{ (a) = 1 }",
            "{ 1 = \"a\" }",
            "{ a.b = 1 }",
            "[for x in [1] : x]",
            "true ? 1 : 2",
            "[1][0]",
        ] {
            assert!(check(text).is_none(), "{text} is evaluated");
        }
    }

    /// HCL text of a literal: numbers of every form, strings with escapes, combining marks and
    /// text NFC changes, tuples, and objects whose keys repeat (bare and quoted, and quoted
    /// keys NFC makes equal).
    fn literal_text() -> impl Strategy<Value = String> {
        let number = prop_oneof![
            "[0-9]{1,3}",
            "0[0-9]{1,3}",
            "[0-9]{1,25}\\.[0-9]{1,25}",
            "[0-9]{1,3}[eE][+-]?[0-9]{1,3}",
            "[0-9]\\.[0-9]{1,3}[eE][+-]?[0-9]{1,6}",
        ];
        let piece = prop::sample::select(vec![
            "a",
            " ",
            "e",
            "\u{301}",
            "\u{e9}",
            "\\n",
            "\\\"",
            "\\u00e9",
            "\\u0301",
            "$${x}",
            "%%{x}",
            "$",
            "\u{1F600}",
            "\u{fb01}",
        ]);
        let string =
            prop::collection::vec(piece, 0..6).prop_map(|ps| format!("\"{}\"", ps.concat()));
        let key = prop::sample::select(vec![
            "a",
            "b",
            "true",
            "null",
            "\"a\"",
            "\"e\u{301}\"",
            "\"\u{e9}\"",
            "\"x y\"",
        ])
        .prop_map(str::to_string);
        let leaf = prop_oneof![
            Just("null".to_string()),
            Just("true".to_string()),
            Just("false".to_string()),
            number,
            string,
        ];
        leaf.prop_recursive(4, 40, 5, move |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5)
                    .prop_map(|xs| format!("[{}]", xs.join(", "))),
                prop::collection::vec((key.clone(), inner, any::<bool>()), 0..5).prop_map(|kvs| {
                    let items: Vec<String> = kvs
                        .into_iter()
                        .map(|(k, v, colon)| format!("{k} {} {v}", if colon { ":" } else { "=" }))
                        .collect();
                    format!("{{\n{}\n}}", items.join("\n"))
                }),
                inner_parens(),
            ]
        })
    }

    fn inner_parens() -> impl Strategy<Value = String> {
        "[0-9]{1,3}".prop_map(|n| format!("({n})"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn generated_literals_read_directly_equal_their_evaluation(text in literal_text()) {
            let arena = tfvars_hcl::Arena::new();
            let parsed = tfvars_hcl::parse_expression(&arena, &text, "<test>");
            prop_assume!(parsed.diagnostics.is_empty());
            let fast = literal_value(&parsed.value);
            prop_assert!(fast.is_some(), "{text} is made of literals");
            prop_assert_eq!(fast, evaluated(&parsed.value), "{}", text);
        }
    }

    #[test]
    fn deep_literals_are_left_to_the_evaluator() {
        let deep = format!("{}1{}", "[".repeat(40), "]".repeat(40));
        assert!(check(&deep).is_none());
        let shallow = format!("{}1{}", "[".repeat(20), "]".repeat(20));
        assert!(check(&shallow).is_some());
    }
}
