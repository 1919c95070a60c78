//! `check`: the null/default table, undeclared names, missing required variables, later inputs
//! winning, and Terraform's diagnostics (semantics page §2–§3 and §7, Terraform 1.11.4).

mod values_support;

use tfvars_runtime::check::{check, check_owned, Checked};
use tfvars_runtime::json::parse_tfvars_json;
use tfvars_runtime::{CheckOptions, Location, ModuleSpec, Severity, Type, Value, VariableSpec};
use values_support::{json, ty};

fn var(name: &str, t: &str, default: Option<&str>, line: u32) -> VariableSpec {
    let ty = ty(t);
    VariableSpec {
        name: name.into(),
        default: default.map(|d| {
            let v = json(d);
            if v.is_null() {
                Value::Null(ty.clone())
            } else {
                tfvars_runtime::convert(&v, &ty).unwrap()
            }
        }),
        ty,
        typed: true,
        description: None,
        sensitive: false,
        nullable: true,
        nullable_set: false,
        ephemeral: false,
        validations: Vec::new(),
        location: Location {
            file: "main.tf".into(),
            line,
            column: 1,
            range: None,
        },
    }
}

fn non_null(mut v: VariableSpec) -> VariableSpec {
    v.nullable = false;
    v.nullable_set = true;
    v
}

fn module(vars: Vec<VariableSpec>) -> ModuleSpec {
    ModuleSpec {
        variables: vars,
        locals: Vec::new(),
    }
}

fn run(spec: &ModuleSpec, files: &[&str]) -> Checked {
    let mut inputs = Vec::new();
    for (i, text) in files.iter().enumerate() {
        inputs.extend(parse_tfvars_json(text, &format!("{}.tfvars.json", i + 1)).unwrap());
    }
    let checked = check(spec, &inputs, &CheckOptions::default());
    // Taking the inputs (and freeing each once converted) changes nothing in the outcome.
    assert_eq!(check_owned(spec, inputs, &CheckOptions::default()), checked);
    checked
}

fn value(c: &Checked, name: &str) -> String {
    c.values[name].to_json().unwrap()
}

fn errors(c: &Checked) -> Vec<(String, String)> {
    c.report
        .errors()
        .map(|d| (d.summary.clone(), d.detail.clone()))
        .collect()
}

#[test]
fn null_and_default_table() {
    let spec = module(vec![
        var("d", "string", Some(r#""d""#), 1),
        non_null(var("dn", "string", Some(r#""d""#), 2)),
        var("r", "string", None, 3),
        var("dnull", "string", Some("null"), 4),
    ]);
    // Explicit null: kept, unless nullable = false (then the default).
    let c = run(&spec, &[r#"{"d":null,"dn":null,"r":null}"#]);
    assert!(c.is_ok(), "{}", c.report);
    assert_eq!(value(&c, "d"), "null");
    assert_eq!(value(&c, "dn"), r#""d""#);
    assert_eq!(value(&c, "r"), "null");
    assert_eq!(value(&c, "dnull"), "null");
    assert_eq!(c.values["r"], Value::Null(Type::String));
    // Omitted: the default.
    let c = run(&spec, &[r#"{"r":"x"}"#]);
    assert!(c.is_ok());
    assert_eq!(value(&c, "d"), r#""d""#);
    assert_eq!(value(&c, "dn"), r#""d""#);
    assert_eq!(value(&c, "r"), r#""x""#);
    assert_eq!(c.values.len(), 4);
}

#[test]
fn non_nullable_without_default() {
    let spec = module(vec![non_null(var("nn", "string", None, 13))]);
    let c = run(&spec, &[r#"{"nn":null}"#]);
    assert_eq!(
        errors(&c),
        vec![(
            "Required variable not set".to_string(),
            "The given value is not suitable for var.nn defined at main.tf:13,1-14: required variable may not be set to null.".to_string()
        )]
    );
    let d = c.report.errors().next().unwrap();
    assert_eq!(
        d.location.as_ref().unwrap().to_string(),
        "1.tfvars.json:1:7"
    );
    // Nested nulls are still allowed.
    let spec = module(vec![non_null(var("l", "list(string)", None, 1))]);
    let c = run(&spec, &[r#"{"l":[null]}"#]);
    assert!(c.is_ok());
    assert_eq!(value(&c, "l"), "[null]");
}

#[test]
fn missing_required_hides_other_errors() {
    let spec = module(vec![
        var("req", "string", None, 1),
        var("req2", "string", None, 2),
        var("n", "number", Some("1"), 7),
        non_null(var("nn", "string", Some(r#""x""#), 10)),
    ]);
    let c = run(&spec, &[r#"{"n":"x","zz":1}"#]);
    assert_eq!(
        errors(&c),
        vec![
            (
                "No value for required variable".to_string(),
                "The root module input variable \"req\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.".to_string()
            ),
            (
                "No value for required variable".to_string(),
                "The root module input variable \"req2\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.".to_string()
            ),
        ]
    );
    assert_eq!(c.report.warnings().count(), 1);
    // With the required ones given, the other errors appear.
    let c = run(&spec, &[r#"{"n":"x","req":"a","req2":"b"}"#]);
    assert_eq!(
        errors(&c),
        vec![(
            "Invalid value for input variable".to_string(),
            "The given value is not suitable for var.n declared at main.tf:7,1-13: a number is required.".to_string()
        )]
    );
    assert!(!c.values.contains_key("n"));
    assert_eq!(value(&c, "req"), r#""a""#);
}

#[test]
fn every_variable_is_reported_with_its_path() {
    let spec = module(vec![
        var("a", "list(number)", None, 1),
        var("b", "map(object({p=number}))", None, 2),
        var("c", "bool", None, 3),
    ]);
    let c = run(
        &spec,
        &[r#"{"a":["1","x"],"b":{"k":{"p":"q"}},"c":"True"}"#],
    );
    let found: Vec<(String, String, String)> = c
        .report
        .errors()
        .map(|d| {
            (
                d.variable.clone().unwrap(),
                d.path.clone(),
                d.location.as_ref().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        found,
        vec![
            ("a".into(), "[1]".into(), "1.tfvars.json:1:6".into()),
            ("b".into(), r#"["k"].p"#.into(), "1.tfvars.json:1:20".into()),
            ("c".into(), "".into(), "1.tfvars.json:1:40".into()),
        ]
    );
    let text = c.report.to_string();
    assert!(
        text.contains("error: Invalid value for input variable `var.b[\"k\"].p`"),
        "{text}"
    );
    assert!(text.contains(r#"use lowercase "true""#), "{text}");
}

#[test]
fn later_inputs_win_without_merging() {
    let spec = module(vec![
        var("a", "string", Some(r#""da""#), 1),
        var(
            "o",
            "object({x=optional(number, 1), y=optional(number, 2)})",
            None,
            2,
        ),
    ]);
    let c = run(
        &spec,
        &[r#"{"a":"one","o":{"x":5}}"#, r#"{"a":"two","o":{"y":6}}"#],
    );
    assert!(c.is_ok());
    assert_eq!(value(&c, "a"), r#""two""#);
    assert_eq!(value(&c, "o"), r#"{"x":1,"y":6}"#);
    // A bad value replaced by a good one is fine; the reverse is not.
    let c = run(&spec, &[r#"{"o":"bad"}"#, r#"{"o":{}}"#]);
    assert!(c.is_ok());
    let c = run(&spec, &[r#"{"o":{}}"#, r#"{"o":"bad"}"#]);
    assert!(!c.is_ok());
    assert_eq!(
        &*c.report
            .errors()
            .next()
            .unwrap()
            .location
            .as_ref()
            .unwrap()
            .file,
        "2.tfvars.json"
    );
}

#[test]
fn undeclared_variables_warn() {
    let spec = module(vec![var("a", "string", Some(r#""x""#), 1)]);
    let c = run(&spec, &[r#"{"nope":1}"#]);
    assert!(c.is_ok());
    let w: Vec<_> = c.report.warnings().collect();
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].summary, "Value for undeclared variable");
    assert_eq!(
        w[0].detail,
        "The root module does not declare a variable named \"nope\" but a value was found in file \"1.tfvars.json\". If you meant to use this value, add a \"variable\" block to the configuration.\n\nTo silence these warnings, use TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your organization. To reduce the verbosity of these warnings, use the -compact-warnings option."
    );
    // Two in full, then a summary; names are case-sensitive.
    let c = run(&spec, &[r#"{"A":1,"u1":1,"u2":2,"u3":3,"//":"comment"}"#]);
    let w: Vec<_> = c.report.warnings().collect();
    assert_eq!(w.len(), 3);
    assert_eq!(w[2].summary, "Values for undeclared variables");
    assert_eq!(
        w[2].detail,
        "In addition to the other similar warnings shown, 2 other variable(s) defined without being declared."
    );
    assert_eq!(
        c.report
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count(),
        0
    );
}

#[test]
fn sensitive_type_errors_point_at_the_declaration() {
    let mut n = var("n", "number", Some("null"), 10);
    n.sensitive = true;
    let c = run(&module(vec![n]), &[r#"{"n": "x"}"#]);
    let d = c.report.errors().next().unwrap();
    assert_eq!(
        d.detail,
        "The given value is not suitable for var.n, which is sensitive: a number is required. Invalid value defined at 1.tfvars.json:1,7-10."
    );
    assert_eq!(d.location.as_ref().unwrap().to_string(), "main.tf:10:1");
}

#[test]
fn defaults_get_optional_attributes() {
    let spec = module(vec![var(
        "o",
        r#"object({a=optional(string, "d"), l=optional(list(object({p=optional(number, 80)})), [{}])})"#,
        Some("{}"),
        1,
    )]);
    let c = run(&spec, &[]);
    assert!(c.is_ok());
    assert_eq!(value(&c, "o"), r#"{"a":"d","l":[{"p":80}]}"#);
}

#[test]
fn declarations_in_tf_json_are_their_brace() {
    let mut port = var("port", "number", None, 3);
    port.location = Location {
        file: "main.tf.json".into(),
        line: 3,
        column: 13,
        range: None,
    };
    let c = run(&module(vec![port]), &[r#"{"port":"x"}"#]);
    assert_eq!(
        c.report.errors().next().unwrap().detail,
        "The given value is not suitable for var.port declared at main.tf.json:3,13-14: a number is required."
    );
}
