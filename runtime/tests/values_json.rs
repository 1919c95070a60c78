//! The `.tfvars.json` reader: accepted documents, and Terraform's errors with positions.

use tfvars_runtime::json::{parse_json_value, parse_tfvars_json, MAX_DEPTH};
use tfvars_runtime::{Number, Value};

fn err(text: &str) -> (String, String, String) {
    let d = parse_tfvars_json(text, "x.tfvars.json").unwrap_err();
    assert_eq!(d.len(), 1);
    let d = &d[0];
    (
        d.summary.clone(),
        d.detail.clone(),
        d.location.as_ref().unwrap().to_string(),
    )
}

fn summary_at(text: &str) -> (String, String) {
    let (s, _, l) = err(text);
    (s, l)
}

#[test]
fn accepts_and_types_values() {
    let vars = parse_tfvars_json(
        "{\n  \"a\": [1, \"x\", true, null],\n  \"b\": {\"c\": 1.50, \"//\": 2},\n  \"//\": \"comment\"\n}",
        "x.tfvars.json",
    )
    .unwrap();
    assert_eq!(vars.len(), 2);
    assert_eq!(vars[0].name, "a");
    assert_eq!(
        vars[0].location.as_ref().unwrap().to_string(),
        "x.tfvars.json:2:8"
    );
    assert_eq!(
        vars[0].value.ty().to_string(),
        "tuple([number, string, bool, any])"
    );
    assert_eq!(vars[1].value.to_json().unwrap(), r#"{"//":2,"c":1.5}"#);
    assert_eq!(
        vars[1].value.ty().to_string(),
        "object({//=number, c=number})"
    );
}

#[test]
fn strings_are_literal_and_nfc() {
    let v = parse_json_value(
        r#"["${1+1}", "%{if x}", "e\u0301", "\ud800", "\ud83d\ude00", "\/"]"#,
        "f",
    )
    .unwrap();
    let Value::Tuple(items) = v else { panic!() };
    assert_eq!(items[0], Value::String("${1+1}".into()));
    assert_eq!(items[1], Value::String("%{if x}".into()));
    assert_eq!(items[2], Value::String("\u{e9}".into()));
    assert_eq!(items[3], Value::String("\u{fffd}".into()));
    assert_eq!(items[4], Value::String("😀".into()));
    assert_eq!(items[5], Value::String("/".into()));
}

#[test]
fn numbers_are_exact() {
    let v = parse_json_value(
        "[9007199254740993, 0.1, 123456789012345678901234567890123456789012345678901234567890, 1e400, 1e-400, -0, 1e1000000000]",
        "f",
    )
    .unwrap();
    assert_eq!(
        v.to_json().unwrap_err().to_string(),
        "cannot serialize infinity as JSON"
    );
    let Value::Tuple(mut items) = v else { panic!() };
    assert_eq!(items.pop(), Some(Value::Number(Number::infinity())));
    assert_eq!(
        Value::Tuple(items).to_json().unwrap(),
        "[9007199254740993,0.1,123456789012345678901234567890123456789012345678901234567890,1e400,1e-400,-0]"
    );
}

#[test]
fn syntax_errors_match_terraform() {
    assert_eq!(
        err("{\"a\":1,\n\"a\":2}"),
        (
            "Duplicate attribute definition".into(),
            "The argument \"a\" was already set at x.tfvars.json:1:2.".into(),
            "x.tfvars.json:2:1".into()
        )
    );
    assert_eq!(
        err(r#"{"a":{"b":1, "b":2}}"#),
        (
            "Duplicate object attribute".into(),
            "An attribute named \"b\" was already defined at x.tfvars.json:1:7.".into(),
            "x.tfvars.json:1:14".into()
        )
    );
    assert_eq!(
        summary_at("{\"a\":1 // c\n}"),
        (
            "Missing attribute seperator comma".into(),
            "x.tfvars.json:1:8".into()
        )
    );
    assert_eq!(
        summary_at("# c\n{\"a\":1}"),
        ("Invalid start of value".into(), "x.tfvars.json:1:1".into())
    );
    assert_eq!(
        summary_at(r#"{"a":1,}"#),
        (
            "Trailing comma in object".into(),
            "x.tfvars.json:1:8".into()
        )
    );
    assert_eq!(
        summary_at(r#"{"a":[1,]}"#),
        ("Trailing comma in array".into(), "x.tfvars.json:1:9".into())
    );
    assert_eq!(
        summary_at("\u{feff}{\"a\":1}"),
        ("Invalid start of value".into(), "x.tfvars.json:1:1".into())
    );
    assert_eq!(
        err(r#"{"a":NaN}"#).1,
        "The JavaScript identifier \"NaN\" cannot be used in JSON."
    );
    assert_eq!(
        err(r#"{"a":tru}"#).1,
        "\"tru\" is not a valid JSON keyword. Did you mean \"true\"?"
    );
    assert_eq!(
        err(r#"{"a":True}"#).1,
        "\"True\" is not a valid JSON keyword. Did you mean \"true\"?"
    );
    for bad in [
        r#"{"a":01}"#,
        r#"{"a":+1}"#,
        r#"{"a":.5}"#,
        r#"{"a":1.}"#,
        r#"{"a":-}"#,
        r#"{"a":1e}"#,
    ] {
        assert_eq!(
            summary_at(bad),
            ("Invalid JSON number".into(), "x.tfvars.json:1:6".into()),
            "{bad}"
        );
    }
    assert_eq!(
        summary_at(r#"{"a":1}{"a":2}"#),
        (
            "Extraneous data after value".into(),
            "x.tfvars.json:1:8".into()
        )
    );
    assert_eq!(
        summary_at(""),
        ("Missing value".into(), "x.tfvars.json:1:1".into())
    );
    assert_eq!(
        summary_at("   \n"),
        ("Missing value".into(), "x.tfvars.json:2:1".into())
    );
    assert_eq!(
        summary_at("[1]"),
        (
            "Incorrect JSON value type".into(),
            "x.tfvars.json:1:1".into()
        )
    );
    assert_eq!(
        summary_at("\"x\""),
        (
            "Root value must be object".into(),
            "x.tfvars.json:1:1".into()
        )
    );
    assert_eq!(
        summary_at("true"),
        (
            "Root value must be object".into(),
            "x.tfvars.json:1:1".into()
        )
    );
    assert_eq!(
        summary_at(r#"{"a":"\q"}"#),
        ("Invalid JSON string".into(), "x.tfvars.json:1:6".into())
    );
    assert_eq!(
        summary_at("{\"a\":\"x\ty\"}"),
        ("Invalid JSON string".into(), "x.tfvars.json:1:6".into())
    );
    assert_eq!(
        summary_at("{\"a\":\"x\ny\"}"),
        ("Invalid JSON string".into(), "x.tfvars.json:1:6".into())
    );
    assert_eq!(
        summary_at(r#"{"a":"x"#),
        ("Invalid JSON string".into(), "x.tfvars.json:1:6".into())
    );
    assert_eq!(
        summary_at(r#"{a:1}"#),
        (
            "Invalid object property name".into(),
            "x.tfvars.json:1:2".into()
        )
    );
    assert_eq!(
        summary_at(r#"{"a" 1}"#),
        (
            "Missing property value colon".into(),
            "x.tfvars.json:1:6".into()
        )
    );
    assert_eq!(
        summary_at(r#"{"a":[1 2]}"#),
        (
            "Missing attribute seperator comma".into(),
            "x.tfvars.json:1:9".into()
        )
    );
    assert_eq!(
        summary_at(r#"{"a":[1"#),
        ("Unclosed array".into(), "x.tfvars.json:1:6".into())
    );
    assert_eq!(
        summary_at(r#"{"a":1"#),
        ("Unclosed object".into(), "x.tfvars.json:1:1".into())
    );
    // Columns count characters, not bytes.
    assert_eq!(
        summary_at("{\"é\":01}"),
        ("Invalid JSON number".into(), "x.tfvars.json:1:6".into())
    );
}

#[test]
fn depth_is_limited() {
    let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
    assert!(parse_json_value(&ok, "f").is_ok());
    let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
    let e = parse_json_value(&deep, "f").unwrap_err();
    assert_eq!(e.summary, "Nesting too deep");
    let very_deep = "[".repeat(200_000);
    assert!(parse_json_value(&very_deep, "f").is_err());
}
