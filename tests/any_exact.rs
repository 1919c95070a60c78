//! `any` values keep their numbers exact: a 30-digit integer and long decimals go through the
//! builder, `to_tfvars_json()`, `to_tfvars_hcl()` and `from_tfvars_json()` unchanged, and
//! Terraform sees them unchanged.
//!
//! With `terraform` on the PATH, `tests/any_exact/` (variables typed `map(any)`, `list(any)` and
//! untyped, each echoed by an output) is planned with the file written here, and the outputs of
//! `terraform show -json` must equal the values built. The input and Terraform's answer are
//! recorded in `tests/any_exact.recorded.json`; without Terraform the input written now must
//! equal the recorded one and the recorded answer is checked instead (the test says so
//! loudly). Re-record with `UPDATE_RECORDED=1` (needs Terraform).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use tfvars::{AnyValue, Number};

mod any_exact {
    tfvars::terraform_vars!("any_exact");
}
use any_exact::Variables;

const RECORD: &str = "tests/any_exact.recorded.json";
const BIG: &str = "123456789012345678901234567890";
const LONG: &str = "-1.000000000000000000000000000001";

fn number(text: &str) -> AnyValue {
    AnyValue::from(Number::parse(text).unwrap())
}

fn sample() -> Variables {
    Variables::builder()
        .numbers(BTreeMap::from([
            ("big".to_string(), number(BIG)),
            ("dec".to_string(), AnyValue::try_from(0.1).unwrap()),
            ("long".to_string(), AnyValue::parse_json(LONG).unwrap()),
            ("tiny".to_string(), number("1e-40")),
        ]))
        .loose(
            AnyValue::parse_json(
                r#"{"id": 98765432109876543210987654321, "ratio": 3.14159265358979323846264338327950288, "tags": ["a", 1.5]}"#,
            )
            .unwrap(),
        )
        .mixed(vec![number("12345678901234567890123.5"), AnyValue::from(2)])
        .build()
}

#[test]
fn big_and_decimal_numbers_round_trip() {
    let vars = sample();
    let json = vars.to_tfvars_json();
    for digits in [
        BIG,
        LONG,
        "0.1",
        "98765432109876543210987654321",
        "3.14159265358979323846264338327950288",
        "12345678901234567890123.5",
    ] {
        assert!(json.contains(digits), "`{digits}` is not in\n{json}");
    }
    let back = Variables::from_tfvars_json(&json).unwrap_or_else(|r| panic!("{r}\n{json}"));
    assert_eq!(back, vars);
    assert_eq!(back.to_tfvars_json(), json);
    let hcl = vars.to_tfvars_hcl();
    assert!(hcl.contains(BIG) && hcl.contains(LONG), "{hcl}");
    vars.validate().unwrap_or_else(|r| panic!("{r}"));
}

/// The values Terraform's outputs must hold, by output name.
fn expected_outputs(vars: &Variables) -> BTreeMap<&'static str, AnyValue> {
    BTreeMap::from([
        ("numbers", AnyValue::from(vars.numbers.clone())),
        ("loose", vars.loose.clone()),
        ("mixed", AnyValue::from(vars.mixed.clone().unwrap())),
    ])
}

/// The outputs in `terraform show -json` of a plan, read exactly.
fn planned_outputs(plan_json: &str) -> BTreeMap<String, AnyValue> {
    let doc = AnyValue::parse_json(plan_json).unwrap_or_else(|r| panic!("{r}"));
    let field = |v: &AnyValue, k: &str| match v {
        AnyValue::Object(m) => m.get(k).cloned().unwrap_or_else(|| panic!("no `{k}`")),
        other => panic!("not an object: {other:?}"),
    };
    let AnyValue::Object(outputs) = field(&field(&doc, "planned_values"), "outputs") else {
        panic!("no outputs")
    };
    outputs
        .iter()
        .map(|(k, o)| (k.clone(), field(o, "value")))
        .collect()
}

fn scratch() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("tfvars-any-exact-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn terraform(dir: &Path, args: &[&str]) -> Option<std::process::Output> {
    Command::new("terraform")
        .args(args)
        .current_dir(dir)
        .env("CHECKPOINT_DISABLE", "1")
        .env("TF_CLI_CONFIG_FILE", "/dev/null")
        .env("TF_IN_AUTOMATION", "1")
        .output()
        .ok()
}

/// `terraform show -json` of a plan made with `input`, or `None` without Terraform.
fn plan_with_terraform(input: &str) -> Option<String> {
    let dir = scratch();
    let module = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/any_exact");
    std::fs::copy(module.join("variables.tf"), dir.join("variables.tf")).unwrap();
    std::fs::write(dir.join("in.tfvars.json"), input).unwrap();
    let run = |args: &[&str]| {
        let out = terraform(&dir, args)?;
        assert!(
            out.status.success(),
            "terraform {args:?} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(String::from_utf8(out.stdout).unwrap())
    };
    run(&["init", "-input=false", "-backend=false", "-no-color"])?;
    run(&[
        "plan",
        "-input=false",
        "-no-color",
        "-out=any.tfplan",
        "-var-file=in.tfvars.json",
    ])?;
    let shown = run(&["show", "-json", "any.tfplan"])?;
    let _ = std::fs::remove_dir_all(&dir);
    Some(shown)
}

#[test]
fn terraform_sees_the_numbers_unchanged() {
    let vars = sample();
    let input = vars.to_tfvars_json();
    let record_path = Path::new(env!("CARGO_MANIFEST_DIR")).join(RECORD);
    let plan_json = match plan_with_terraform(&input) {
        Some(shown) => {
            if std::env::var_os("UPDATE_RECORDED").is_some() {
                let record = serde_json::json!({ "input": input, "terraform_show_json": shown });
                let text = serde_json::to_string_pretty(&record).unwrap() + "\n";
                std::fs::write(&record_path, text).unwrap();
            }
            shown
        }
        None => {
            eprintln!(
                "NOTE: terraform is not on the PATH: checking the recorded answer in {RECORD} instead"
            );
            let record: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&record_path).unwrap()).unwrap();
            assert_eq!(
                record["input"].as_str(),
                Some(input.as_str()),
                "the input differs from the recorded one: re-record with UPDATE_RECORDED=1 and terraform"
            );
            record["terraform_show_json"].as_str().unwrap().to_string()
        }
    };
    let seen = planned_outputs(&plan_json);
    for (name, want) in expected_outputs(&vars) {
        assert_eq!(seen.get(name), Some(&want), "output `{name}`");
    }
}
