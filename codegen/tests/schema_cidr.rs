//! `can(cidrhost(var.x, N))` becomes a `pattern`: held to Terraform 1.11.4's verdicts on 1,416
//! strings and 16 host numbers, recorded in `tests/data/cidr.recorded.json` by
//! `tests/data/cidr_record.py` (leading zeros, IPv6 forms with and without `::`, embedded IPv4,
//! zones, brackets, white space, non-ASCII digits, prefix lengths at and beyond the limits). The
//! pattern is checked as a JSON Schema validator reads it (the `jsonschema` crate) and with the
//! `regex` crate (which `Rules::accepts` uses), and the runtime's `cidrhost` is held to the same
//! verdicts.

use std::collections::BTreeMap;

use serde_json::json;
use tfvars_codegen::lower::expression_from_text;
use tfvars_codegen::schema::translate::translate;
use tfvars_runtime::eval::Scope;
use tfvars_runtime::{Expr, ModuleSpec, Number, TerraformVersion, Type, Value};

mod recorded;

use recorded::{assert_agrees, Recorded};

/// The host numbers and, per string, a verdict for each.
fn recorded() -> (Vec<i64>, Recorded) {
    let rec = Recorded::read(
        include_str!("data/cidr.recorded.json"),
        "cidr.recorded.json",
        "hostnums",
        1000,
    );
    let hostnums = rec
        .params
        .iter()
        .map(|n| n.as_i64().expect("whole host number"))
        .collect();
    (hostnums, rec)
}

fn pattern(hostnum: i64) -> String {
    let condition = format!("can(cidrhost(var.x, {hostnum}))");
    let expr = expression_from_text(&condition).expect("condition parses");
    let rules = translate(
        &expr,
        "x",
        &Type::String,
        &[],
        TerraformVersion::V1_11,
        true,
    )
    .unwrap_or_else(|e| panic!("{condition}: {e}"));
    assert!(!rules.null_ok, "{condition}: false on null");
    let [p] = rules.patterns.as_slice() else {
        panic!("{condition}: one pattern, got {:?}", rules.patterns);
    };
    p.clone()
}

#[test]
fn patterns_judge_as_terraform() {
    let (hostnums, rec) = recorded();
    let mut failures = Vec::new();
    let mut accepted = 0;
    for (i, &h) in hostnums.iter().enumerate() {
        let p = pattern(h);
        let schema = json!({"$schema": "http://json-schema.org/draft-07/schema#", "type": "string", "pattern": p});
        let validator = jsonschema::draft7::new(&schema).expect("the pattern compiles as draft-07");
        let re = regex::Regex::new(&p).expect("the regex crate reads the pattern");
        for (s, verdicts) in &rec.cases {
            let want = Recorded::accepted(verdicts, i);
            accepted += usize::from(want);
            let by_schema = validator.is_valid(&json!(s));
            let by_regex = re.is_match(s);
            if by_schema != want || by_regex != want {
                failures.push(format!(
                    "cidrhost({s:?}, {h}): Terraform {want}, schema {by_schema}, regex {by_regex}"
                ));
            }
        }
    }
    assert!(
        accepted > 3000,
        "the recording has accepted cases too ({accepted})"
    );
    assert_agrees(&failures);
}

#[test]
fn runtime_judges_as_terraform() {
    let (hostnums, rec) = recorded();
    let spec = ModuleSpec::default();
    let values = BTreeMap::new();
    let mut scope = Scope::new(&spec, &values).with_version(TerraformVersion::V1_11);
    let mut failures = Vec::new();
    for (i, &h) in hostnums.iter().enumerate() {
        for (s, verdicts) in &rec.cases {
            let want = Recorded::accepted(verdicts, i);
            let call = Expr::Call {
                name: "cidrhost".into(),
                args: vec![
                    Expr::Literal(Value::String(s.clone())),
                    Expr::Literal(Value::Number(
                        Number::parse(&h.to_string()).expect("number"),
                    )),
                ],
                expand_final: false,
            };
            let got = scope.eval(&call);
            if got.is_ok() != want {
                failures.push(format!(
                    "cidrhost({s:?}, {h}): Terraform {want}, runtime {got:?}"
                ));
            }
        }
    }
    assert_agrees(&failures);
}

#[test]
fn other_forms_stay_untranslated() {
    for (condition, ty, why) in [
        ("can(cidrhost(var.x, 1.5))", Type::String, "whole number"),
        ("can(cidrhost(var.x, var.y))", Type::String, "whole number"),
        (
            "can(cidrhost(\"10.0.0.0/8\", var.x))",
            Type::Number,
            "not the variable",
        ),
        ("can(cidrhost(var.x, 0))", Type::Any, "type"),
        (
            "can(cidrhost(var.x, 4611686018427387904))",
            Type::String,
            "2^62",
        ),
    ] {
        let expr = expression_from_text(condition).expect("parses");
        let err =
            translate(&expr, "x", &ty, &[], TerraformVersion::V1_11, true).expect_err(condition);
        assert!(err.contains(why), "{condition}: {err}");
    }
}
