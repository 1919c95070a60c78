//! The `.tfvars.json` reader: accepted documents, and Terraform's errors with positions.

use tfvars_runtime::json::{parse_json_value, parse_tfvars_json, MAX_DEPTH};
use tfvars_runtime::{Number, Value};

fn err(text: &str) -> (String, String, String) {
    let d = parse_tfvars_json(text, "x.tfvars.json").unwrap_err();
    assert_eq!(d.len(), 1, "{d:?}");
    let d = &d[0];
    (
        d.summary.clone(),
        d.detail.clone(),
        d.location.as_ref().unwrap().to_string(),
    )
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

fn all(text: &str) -> Vec<(String, String)> {
    let mut d: Vec<(String, String)> = parse_tfvars_json(text, "x.tfvars.json")
        .unwrap_err()
        .into_iter()
        .map(|d| (d.summary, d.location.unwrap().to_string()))
        .collect();
    d.sort();
    d
}

fn one(summary: &str, at: &str) -> Vec<(String, String)> {
    vec![(summary.to_string(), format!("x.tfvars.json:{at}"))]
}

fn with_root(mut d: Vec<(String, String)>) -> Vec<(String, String)> {
    d.push((
        "Root value must be object".into(),
        "x.tfvars.json:1:1".into(),
    ));
    d.sort();
    d
}

// Summaries, details and positions as Terraform 1.11.4 reports them (`terraform plan
// -var-file=x.tfvars.json`); a broken structure also gives «Root value must be object».
/// Each error's whole range, as `terraform plan -json` (1.11.4) gave it for the same file: the
/// token at fault, or an empty range (the end of the text, a place inside a string) that
/// Terraform shows one character wide.
#[test]
fn syntax_errors_carry_terraform_ranges() {
    let ranges = |text: &str| -> Vec<String> {
        let mut out: Vec<String> = parse_tfvars_json(text, "x.tfvars.json")
            .unwrap_err()
            .into_iter()
            .filter(|d| d.summary != "Root value must be object")
            .map(|d| {
                let r = d.location.unwrap().range.unwrap();
                format!(
                    "{} {}:{}-{}:{}",
                    d.summary, r.start.column, r.start.byte, r.end.column, r.end.byte
                )
            })
            .collect();
        out.sort();
        out
    };
    // `start column:byte-end column:byte`; an empty range is widened when shown.
    let cases: [(&str, &[&str]); 10] = [
        (
            r#"{"region": "a", "region": "b"}"#,
            &["Duplicate attribute definition 17:16-25:24"],
        ),
        (
            r#"{"owner": {"a": "x", "a": "y"}}"#,
            &["Duplicate object attribute 22:21-25:24"],
        ),
        (
            r#"{"region": "a"} x"#,
            &["Extraneous data after value 17:16-18:17"],
        ),
        (
            r#"[{"region": "a"}]"#,
            &["Incorrect JSON value type 1:0-1:0"],
        ),
        (r#"{"region": 01}"#, &["Invalid JSON number 12:11-14:13"]),
        (r#"{"region": True}"#, &["Invalid JSON keyword 12:11-16:15"]),
        (r#"{"region": "\x"}"#, &["Invalid JSON string 15:14-15:14"]),
        (
            r#"{"region": [1 2]}"#,
            &["Missing attribute seperator comma 17:16-18:17"],
        ),
        (
            r#"{"region" "a"}"#,
            &["Missing property value colon 11:10-14:13"],
        ),
        (
            r#"{"region": 'a'}"#,
            &[
                "Invalid start of value 12:11-13:12",
                "Missing attribute seperator comma 13:12-13:12",
            ],
        ),
    ];
    for (text, want) in cases {
        assert_eq!(ranges(text), want, "{text}");
    }
}

#[test]
fn syntax_errors_match_terraform() {
    assert_eq!(
        err("{\"a\":1,\n\"a\":2}"),
        (
            "Duplicate attribute definition".into(),
            "The argument \"a\" was already set at x.tfvars.json:1,2-7.".into(),
            "x.tfvars.json:2:1".into()
        )
    );
    assert_eq!(
        err(r#"{"a":{"b":1, "b":2}}"#),
        (
            "Duplicate object attribute".into(),
            "An attribute named \"b\" was already defined at x.tfvars.json:1,7-10.".into(),
            "x.tfvars.json:1:14".into()
        )
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
        assert_eq!(all(bad), one("Invalid JSON number", "1:6"), "{bad}");
    }
    assert_eq!(all(r#"{"a": }"#), one("Missing JSON value", "1:7"));
    assert_eq!(
        all(r#"{"a":1}{"a":2}"#),
        one("Extraneous data after value", "1:8")
    );
    assert_eq!(all("[1]"), one("Incorrect JSON value type", "1:1"));
    assert_eq!(all("\"x\""), one("Root value must be object", "1:1"));
    assert_eq!(all("true"), one("Root value must be object", "1:1"));
    // Just past a bad escape, where Go's decoder stops.
    assert_eq!(all(r#"{"x": "\q"}"#), one("Invalid JSON string", "1:10"));
    assert_eq!(
        all(r#"{"x": "\u12G4"}"#),
        one("Invalid JSON string", "1:13")
    );

    assert_eq!(all(""), with_root(one("Missing value", "1:1")));
    assert_eq!(
        all("  \n  \n"),
        vec![
            ("Missing value".into(), "x.tfvars.json:3:1".into()),
            (
                "Root value must be object".into(),
                "x.tfvars.json:3:1".into()
            )
        ]
    );
    assert_eq!(
        all("\u{feff}{\"a\":1}"),
        with_root(one("Invalid start of value", "1:1"))
    );
    assert_eq!(
        all("{\n  // c\n  \"x\": 1\n}"),
        with_root(vec![
            (
                "Invalid object property name".into(),
                "x.tfvars.json:2:3".into()
            ),
            ("Invalid start of value".into(), "x.tfvars.json:2:3".into()),
        ])
    );
    assert_eq!(
        all("{x: 1}"),
        with_root(vec![
            ("Invalid JSON keyword".into(), "x.tfvars.json:1:2".into()),
            (
                "Invalid object property name".into(),
                "x.tfvars.json:1:2".into()
            ),
        ])
    );
    assert_eq!(
        all("{1: 1}"),
        with_root(one("Invalid object property name", "1:2"))
    );
    assert_eq!(
        all(r#"{"x": 1,}"#),
        with_root(one("Trailing comma in object", "1:8"))
    );
    // The object then meets the array's bracket: Terraform 1.11 reports what follows it.
    assert_eq!(
        all(r#"{"x": [1,]}"#),
        with_root(vec![
            ("Mismatched braces".into(), "x.tfvars.json:1:11".into()),
            ("Trailing comma in array".into(), "x.tfvars.json:1:9".into()),
        ])
    );
    assert_eq!(
        all(r#"{"a": {"b": [1,]}}"#),
        vec![
            ("Mismatched braces".into(), "x.tfvars.json:1:17".into()),
            (
                "Trailing comma in array".into(),
                "x.tfvars.json:1:15".into()
            ),
        ]
    );
    assert_eq!(
        all("[1,]"),
        with_root(one("Trailing comma in array", "1:3"))
    );
    // Recovery goes on after an invalid value: every bad token is reported.
    assert_eq!(
        all(r#"{"a": 01, "b": NaN, "c": "\q"}"#),
        vec![
            ("Invalid JSON keyword".into(), "x.tfvars.json:1:16".into()),
            ("Invalid JSON number".into(), "x.tfvars.json:1:7".into()),
            ("Invalid JSON string".into(), "x.tfvars.json:1:29".into()),
        ]
    );
    // A duplicate variable stops before values are read; otherwise every duplicate inside
    // the values is reported.
    assert_eq!(
        all(r#"{"a": {"k": 1, "k": 2}, "b": [{"x": 1, "x": 1}], "a": 3}"#),
        one("Duplicate attribute definition", "1:50")
    );
    assert_eq!(
        all(r#"{"a": {"k": 1, "k": 2}, "b": [{"x": 1, "x": 1}]}"#),
        vec![
            (
                "Duplicate object attribute".into(),
                "x.tfvars.json:1:16".into()
            ),
            (
                "Duplicate object attribute".into(),
                "x.tfvars.json:1:40".into()
            ),
        ]
    );
    // What is wrong inside a duplicate's value is reported too, in the order of the file as
    // Terraform prints it; a top-level "//" comment's value is not read (recorded:
    // tests/conformance/cases/json_syntax, dup_inside_*).
    let duplicates = |text: &str| -> Vec<String> {
        parse_tfvars_json(text, "x.tfvars.json")
            .unwrap_err()
            .into_iter()
            .map(|d| format!("{} {}", d.location.unwrap(), d.detail))
            .collect()
    };
    assert_eq!(
        duplicates(r#"{"x": {"a": 1, "a": {"z": 1, "z": 2}}}"#),
        [
            "x.tfvars.json:1:16 An attribute named \"a\" was already defined at x.tfvars.json:1,8-11.",
            "x.tfvars.json:1:30 An attribute named \"z\" was already defined at x.tfvars.json:1,22-25.",
        ]
    );
    assert_eq!(
        duplicates(r#"{"//": {"z": 1, "z": 2}, "x": {"a": {"q": 1, "q": 2}}}"#),
        ["x.tfvars.json:1:46 An attribute named \"q\" was already defined at x.tfvars.json:1,38-41."]
    );
    assert_eq!(
        all(r#"{"a": 1 "b": 2}"#),
        with_root(one("Missing attribute seperator comma", "1:16"))
    );
    assert_eq!(
        all(r#"{"a" 1}"#),
        with_root(one("Missing property value colon", "1:6"))
    );
    assert_eq!(
        all(r#"{"a":[1 2]}"#),
        one("Missing attribute seperator comma", "1:11")
    );
    assert_eq!(all(r#"{"a":1"#), with_root(one("Unclosed object", "1:1")));
    // At the end of input every enclosing array and object reports itself ("object" for both).
    assert_eq!(
        all("{\"a\":[1,\n2"),
        with_root(vec![
            ("Unclosed object".into(), "x.tfvars.json:1:1".into()),
            ("Unclosed object".into(), "x.tfvars.json:1:6".into()),
        ])
    );
    assert_eq!(
        all("{\"a\": {\"b\":\n\"x"),
        with_root(vec![
            ("Invalid JSON string".into(), "x.tfvars.json:2:3".into()),
            ("Unclosed object".into(), "x.tfvars.json:1:1".into()),
            ("Unclosed object".into(), "x.tfvars.json:1:7".into()),
        ])
    );
    // A raw control character ends the string; Terraform then skips to the end of the input,
    // finds no separator there, and every further enclosing object is unclosed.
    assert_eq!(
        all("{\"x\": \"a\tb\"}"),
        with_root(vec![
            ("Invalid JSON string".into(), "x.tfvars.json:1:9".into()),
            (
                "Missing attribute seperator comma".into(),
                "x.tfvars.json:1:14".into()
            ),
        ])
    );
    assert_eq!(
        all("{\"a\": [\"a\tb\"]}\n"),
        with_root(vec![
            ("Invalid JSON string".into(), "x.tfvars.json:1:10".into()),
            (
                "Missing attribute seperator comma".into(),
                "x.tfvars.json:2:1".into()
            ),
            ("Unclosed object".into(), "x.tfvars.json:1:1".into()),
        ])
    );
    assert!(parse_json_value("\"a\tb\"", "f").is_err());
    // Observed: after a tab the scanner reads on (a tab counts two columns) and the last
    // string token runs to the end; another control character stops it at once.
    for (text, at) in [
        ("{\"a\": \"a\tb\", \"b\": 1}", "1:22"),
        ("{\"a\": \"x\t\t\"}", "1:15"),
        ("{\"a\": \"x\u{1}y\"}", "1:10"),
        ("{\"a\": \"a\tb\",\n \"b\": 1}\n", "3:1"),
    ] {
        assert_eq!(
            all(text),
            with_root(vec![
                ("Invalid JSON string".into(), "x.tfvars.json:1:9".into()),
                (
                    "Missing attribute seperator comma".into(),
                    format!("x.tfvars.json:{at}")
                ),
            ]),
            "{text:?}"
        );
    }
    // Tabs count two columns, carriage returns none.
    assert_eq!(all("{\t\"a\": 01}"), one("Invalid JSON number", "1:9"));
    assert_eq!(all("{\r\"a\": 01}"), one("Invalid JSON number", "1:7"));
    // Columns count grapheme clusters, not bytes or characters.
    assert_eq!(all("{\"é\":01}"), one("Invalid JSON number", "1:6"));
    // An ASCII letter and the combining mark after it are one cluster.
    assert_eq!(all("{\"e\u{301}\":01}"), one("Invalid JSON number", "1:6"));
    assert_eq!(
        all("{\"ab\u{301}c\":01}"),
        one("Invalid JSON number", "1:8")
    );
    assert_eq!(
        all("{\"a\":\"👨\u{200d}👩\u{200d}👧\", \"b\": 01}"),
        one("Invalid JSON number", "1:16")
    );
}

#[test]
fn depth_is_limited() {
    let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
    let v = parse_json_value(&ok, "f").unwrap();
    // The deepest accepted value also converts and writes back on a test thread's stack.
    let mut ty = tfvars_runtime::Type::list(tfvars_runtime::Type::Any);
    for _ in 1..MAX_DEPTH {
        ty = tfvars_runtime::Type::list(ty);
    }
    let converted = tfvars_runtime::convert(&v, &ty).unwrap();
    assert_eq!(converted.to_json().unwrap(), ok);
    let deep = format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1));
    let e = parse_json_value(&deep, "f").unwrap_err();
    assert_eq!(e[0].summary, "Nesting too deep");
    let very_deep = "[".repeat(200_000);
    assert!(parse_json_value(&very_deep, "f").is_err());
}
