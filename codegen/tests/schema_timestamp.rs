//! `can(formatdate(F, var.x))` becomes a `pattern` of RFC 3339 timestamps: held to Terraform
//! 1.11.4's verdicts on 3,082 strings and 6 formats, recorded in
//! `tests/data/timestamps.recorded.json` by `tests/data/timestamp_record.py` (the last days of
//! every month in leap, common and century years, every field at and past its range, offsets,
//! fractions, separators, non-ASCII digits, mutations of valid timestamps, random valid ones).
//! The pattern is checked as a JSON Schema validator reads it (the `jsonschema` crate) and with
//! the `regex` crate (which `Rules::accepts` uses), and the runtime's `formatdate` is held to
//! the same verdicts. A format `formatdate` refuses makes the rule never true: it stays
//! untranslated.

use std::collections::BTreeMap;

use serde_json::json;
use tfvars_codegen::lower::expression_from_text;
use tfvars_codegen::schema::translate::{translate, Rules};
use tfvars_runtime::eval::Scope;
use tfvars_runtime::{Expr, ModuleSpec, TerraformVersion, Type, Value};

mod recorded;

use recorded::{assert_agrees, Recorded};

/// The formats and, per string, a verdict for each.
fn recorded() -> (Vec<String>, Recorded) {
    let rec = Recorded::read(
        include_str!("data/timestamps.recorded.json"),
        "timestamps.recorded.json",
        "formats",
        3000,
    );
    let formats = rec
        .params
        .iter()
        .map(|f| f.as_str().expect("format").to_string())
        .collect();
    (formats, rec)
}

fn rules(condition: &str, ty: &Type) -> Result<Rules, String> {
    let expr = expression_from_text(condition).expect("condition parses");
    translate(&expr, "x", ty, &[], TerraformVersion::V1_11, true)
}

fn condition(format: &str) -> String {
    format!("can(formatdate({}, var.x))", json!(format))
}

#[test]
fn patterns_judge_as_terraform() {
    let (formats, rec) = recorded();
    let mut failures = Vec::new();
    let (mut accepted, mut translated) = (0, 0);
    for (i, format) in formats.iter().enumerate() {
        let condition = condition(format);
        let always_false = rec.cases.iter().all(|(_, v)| !Recorded::accepted(v, i));
        let rules = match rules(&condition, &Type::String) {
            Ok(r) => r,
            Err(e) => {
                // Only a format formatdate refuses, which no time passes, is left out.
                assert!(
                    always_false && e.contains("a format it refuses"),
                    "{condition}: {e}"
                );
                continue;
            }
        };
        translated += 1;
        assert!(!rules.null_ok, "{condition}: false on null");
        let [p] = rules.patterns.as_slice() else {
            panic!("{condition}: one pattern, got {:?}", rules.patterns);
        };
        let schema = json!({"$schema": "http://json-schema.org/draft-07/schema#", "type": "string", "pattern": p});
        let validator = jsonschema::draft7::new(&schema).expect("the pattern compiles as draft-07");
        let re = regex::Regex::new(p).expect("the regex crate reads the pattern");
        for (s, verdicts) in &rec.cases {
            let want = Recorded::accepted(verdicts, i);
            accepted += usize::from(want);
            let by_schema = validator.is_valid(&json!(s));
            let by_regex = re.is_match(s);
            let by_rules = rules.accepts(&Value::String(s.clone()));
            if by_schema != want || by_regex != want || by_rules != Some(want) {
                failures.push(format!(
                    "formatdate({format:?}, {s:?}): Terraform {want}, schema {by_schema}, regex {by_regex}, rules {by_rules:?}"
                ));
            }
        }
    }
    assert_eq!(translated, 4, "the four formats formatdate takes");
    assert!(
        accepted > 4000,
        "the recording has accepted cases too ({accepted})"
    );
    assert_agrees(&failures);
}

#[test]
fn runtime_judges_as_terraform() {
    let (formats, rec) = recorded();
    let spec = ModuleSpec::default();
    let values = BTreeMap::new();
    let mut scope = Scope::new(&spec, &values).with_version(TerraformVersion::V1_11);
    let mut failures = Vec::new();
    for (i, format) in formats.iter().enumerate() {
        for (s, verdicts) in &rec.cases {
            let want = Recorded::accepted(verdicts, i);
            let call = Expr::Call {
                name: "formatdate".into(),
                args: vec![
                    Expr::Literal(Value::String(format.clone())),
                    Expr::Literal(Value::String(s.clone())),
                ],
                expand_final: false,
            };
            let got = scope.eval(&call);
            if got.is_ok() != want {
                failures.push(format!(
                    "formatdate({format:?}, {s:?}): Terraform {want}, runtime {got:?}"
                ));
            }
        }
    }
    assert_agrees(&failures);
}

#[test]
fn untyped_values_are_judged_by_their_text() {
    let r = rules(&condition(""), &Type::Any).expect("translated");
    assert!(!r.null_ok);
    let t = |v: Value| r.accepts(&v);
    assert_eq!(t(Value::String("2024-02-29T00:00:00Z".into())), Some(true));
    assert_eq!(t(Value::String("2023-02-29T00:00:00Z".into())), Some(false));
    assert_eq!(t(Value::Bool(true)), Some(false));
    assert_eq!(
        t(Value::Number(tfvars_runtime::Number::from(2024))),
        Some(false)
    );
}

#[test]
fn other_forms_stay_untranslated() {
    for (condition, ty, why) in [
        (
            "can(formatdate(\"YYYY\", var.x))",
            Type::Number,
            "type `number`",
        ),
        (
            "can(formatdate(var.f, var.x))",
            Type::String,
            "not a constant",
        ),
        (
            "can(formatdate(\"YYYY\", var.y))",
            Type::String,
            "not the variable",
        ),
        (
            "can(formatdate(\"Q\", var.x))",
            Type::String,
            "a format it refuses",
        ),
    ] {
        let err = rules(condition, &ty).expect_err(condition);
        assert!(err.contains(why), "{condition}: {err}");
    }
}
