//! `run_validations` against what `terraform plan` (1.11.4) reports for the same module: one
//! variable per rule, the expected diagnostics recorded from a scratch module's plan output.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use tfvars_runtime::eval::run_validations;
use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::{
    Diagnostic, Location, ModuleSpec, Number, Severity, TerraformVersion, Type, ValidationSpec,
    Value, VariableSpec,
};

fn loc(line: u32) -> Location {
    Location {
        file: "main.tf".into(),
        line,
        column: 3,
        range: None,
    }
}

fn variable(name: &str, ty: Type, rules: &[(&str, &str)], line: u32) -> VariableSpec {
    VariableSpec {
        name: name.into(),
        ty,
        typed: true,
        default: None,
        description: None,
        sensitive: false,
        nullable: true,
        nullable_set: false,
        ephemeral: false,
        validations: rules
            .iter()
            .map(|(c, m)| ValidationSpec {
                condition: common::parse(c).expect("condition parses"),
                error_message: common::parse(m).expect("message parses"),
                condition_source: c.to_string(),
                error_message_source: m.to_string(),
                location: loc(line),
            })
            .collect(),
        location: loc(line - 1),
    }
}

fn run(spec: &ModuleSpec, values: &[(&str, Value)], version: TerraformVersion) -> Vec<Diagnostic> {
    let values: BTreeMap<String, Value> = values
        .iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
    run_validations(spec, &values, &BTreeSet::new(), version)
}

fn one(name: &str, ty: Type, cond: &str, msg: &str, value: Value) -> Vec<Diagnostic> {
    let spec = ModuleSpec {
        variables: vec![variable(name, ty, &[(cond, msg)], 20)],
        locals: vec![],
    };
    run(&spec, &[(name, value)], TerraformVersion::V1_11)
}

fn s(x: &str) -> Value {
    Value::String(x.into())
}

fn summaries(ds: &[Diagnostic]) -> Vec<(Severity, String, String)> {
    ds.iter()
        .map(|d| (d.severity, d.summary.clone(), d.detail.clone()))
        .collect()
}

fn err(summary: &str, detail: &str) -> (Severity, String, String) {
    (Severity::Error, summary.into(), detail.into())
}

#[test]
fn null_condition_result() {
    let d = one(
        "a",
        Type::String,
        r#"var.a == "x" ? null : true"#,
        r#""a null""#,
        s("x"),
    );
    assert_eq!(
        summaries(&d),
        [err(
            "Invalid variable validation result",
            "Validation condition expression must return either true or false, not null."
        )]
    );
}

#[test]
fn non_bool_condition_result() {
    let d = one("b", Type::String, "var.b", r#""b nonbool""#, s("x"));
    assert_eq!(
        summaries(&d),
        [err(
            "Invalid variable validation result",
            "Invalid validation condition result value: a bool is required."
        )]
    );
    // The string "true" passes.
    let d = one(
        "h",
        Type::String,
        r#"var.h == "x" ? "true" : "false""#,
        r#""ok""#,
        s("x"),
    );
    assert!(d.is_empty(), "{d:?}");
}

#[test]
fn blank_and_null_messages() {
    let failed = err(
        "Invalid value for variable",
        "Failed to evaluate condition error message.\n\nThis was checked by the validation rule at main.tf:20,3-13.",
    );
    let d = one("c", Type::String, "length(var.c) > 5", r#""  ""#, s("x"));
    assert_eq!(summaries(&d), std::slice::from_ref(&failed));
    let d = one("i", Type::String, "length(var.i) > 5", "null", s("x"));
    assert_eq!(summaries(&d), std::slice::from_ref(&failed));
    let d = one("d", Type::String, "length(var.d) > 5", "[1]", s("x"));
    assert_eq!(
        summaries(&d),
        [
            failed,
            err(
                "Invalid error message",
                "Unsuitable value for error message: string required."
            )
        ]
    );
}

#[test]
fn message_is_converted_and_evaluated_when_the_condition_passes() {
    let d = one(
        "f",
        Type::Number,
        "var.f > 5",
        "var.f",
        Value::Number(Number::from(3)),
    );
    assert_eq!(
        summaries(&d),
        [err(
            "Invalid value for variable",
            "3\n\nThis was checked by the validation rule at main.tf:20,3-13."
        )]
    );
    let d = one(
        "g",
        Type::String,
        r#"var.g == "x""#,
        r#""${var.g == "x" ? null : "a"}x""#,
        s("x"),
    );
    assert_eq!(
        summaries(&d),
        [err(
            "Invalid template interpolation value",
            "The expression result is null. Cannot include a null value in a string template."
        )]
    );
}

#[test]
fn logical_operators_by_release() {
    let cond = "var.e == null || length(var.e) > 0";
    let spec = ModuleSpec {
        variables: vec![variable("e", Type::String, &[(cond, r#""e""#)], 20)],
        locals: vec![],
    };
    let null = [("e", Value::Null(Type::String))];
    // Terraform 1.11 evaluates both operands.
    assert_eq!(
        summaries(&run(&spec, &null, TerraformVersion::V1_11)),
        [err(
            "Invalid function argument",
            "Invalid value for \"value\" parameter: argument must not be null."
        )]
    );
    // Since 1.12 the right operand is skipped.
    assert!(run(&spec, &null, TerraformVersion::Latest).is_empty());
    // A conditional evaluates only the chosen branch in both.
    let spec = ModuleSpec {
        variables: vec![variable(
            "e",
            Type::String,
            &[("var.e == null ? true : length(var.e) > 0", r#""e""#)],
            20,
        )],
        locals: vec![],
    };
    assert!(run(&spec, &null, TerraformVersion::V1_11).is_empty());
}

#[test]
fn every_failure_is_reported() {
    let spec = ModuleSpec {
        variables: vec![variable(
            "x",
            Type::String,
            &[
                ("length(var.x) > 3", r#""Too short.""#),
                (r#"startswith(var.x, "z")"#, r#""Must start with z.""#),
            ],
            20,
        )],
        locals: vec![],
    };
    let d = run(&spec, &[("x", s("ab"))], TerraformVersion::V1_11);
    assert_eq!(d.len(), 2, "{d:?}");
    assert!(d[0].detail.starts_with("Too short."));
    assert!(d[1].detail.starts_with("Must start with z."));
    assert_eq!(d[0].variable.as_deref(), Some("x"));
}

#[test]
fn other_variables_and_locals() {
    let spec = ModuleSpec {
        variables: vec![
            variable(
                "x",
                Type::Number,
                &[(
                    "var.x >= var.min && var.x <= local.max",
                    r#""x (${var.x}) must be >= min (${var.min}).""#,
                )],
                20,
            ),
            variable("min", Type::Number, &[], 30),
        ],
        locals: vec![LocalSpec {
            name: "max".into(),
            expr: common::parse("var.min * 10").unwrap(),
            location: loc(40),
        }],
    };
    let d = run(
        &spec,
        &[
            ("x", Value::Number(Number::from(3))),
            ("min", Value::Number(Number::from(5))),
        ],
        TerraformVersion::V1_11,
    );
    assert_eq!(d.len(), 1);
    assert!(
        d[0].detail.starts_with("x (3) must be >= min (5)."),
        "{d:?}"
    );
    let ok = run(
        &spec,
        &[
            ("x", Value::Number(Number::from(30))),
            ("min", Value::Number(Number::from(5))),
        ],
        TerraformVersion::V1_11,
    );
    assert!(ok.is_empty(), "{ok:?}");
}

#[test]
fn cyclic_locals_are_reported() {
    let spec = ModuleSpec {
        variables: vec![variable(
            "x",
            Type::String,
            &[("local.a == var.x", r#""x""#)],
            20,
        )],
        locals: vec![
            LocalSpec {
                name: "a".into(),
                expr: common::parse("local.b").unwrap(),
                location: loc(40),
            },
            LocalSpec {
                name: "b".into(),
                expr: common::parse("local.a").unwrap(),
                location: loc(41),
            },
        ],
    };
    let d = run(&spec, &[("x", s("v"))], TerraformVersion::V1_11);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].severity, Severity::Error);
    assert!(
        d[0].detail.contains("local.a") && d[0].detail.contains("local.b"),
        "{d:?}"
    );
}

/// Terraform evaluates every local during plan; one whose value is not known until apply is
/// no error, whatever function it passes through: `format` and `formatlist` with an unknown
/// format (an ARN built from `data.aws_partition`) included.
#[test]
fn locals_unknown_until_apply_are_no_error() {
    let local = |name: &str, text: &str, line: u32| LocalSpec {
        name: name.into(),
        expr: common::parse(text).unwrap(),
        location: loc(line),
    };
    let spec = ModuleSpec {
        variables: vec![variable("x", Type::String, &[], 20)],
        locals: vec![
            local(
                "arn",
                r#""arn:${data.aws_partition.current.partition}:s3:::b""#,
                40,
            ),
            local("one", r#"format(local.arn, "a")"#, 41),
            local("each", r#"formatlist("${local.arn}/%s/*", ["a", "b"])"#, 42),
            local("typed", r#"format(terraform_data.p.output, "a")"#, 43),
            local("first", r#"coalesce(terraform_data.p.output, "a")"#, 44),
            local("names", "keys(terraform_data.p.output)", 45),
            local("size", "length(terraform_data.p.output)", 46),
        ],
    };
    let d = run(&spec, &[("x", s("v"))], TerraformVersion::V1_11);
    assert!(d.is_empty(), "{d:?}");
}

#[test]
fn unknown_values_leave_the_rule_unchecked() {
    for (cond, why) in [
        ("var.x == aws_vpc.main.id", "aws_vpc.main.id"),
        ("var.x != timestamp()", "timestamp"),
        ("fileexists(var.x)", "fileexists"),
        (
            "provider::aws::arn_parse(var.x) != null",
            "provider::aws::arn_parse",
        ),
        ("can(regex(aws_vpc.main.id, var.x))", "aws_vpc.main.id"),
    ] {
        let d = one("x", Type::String, cond, r#""bad""#, s("v"));
        assert_eq!(d.len(), 1, "{cond}: {d:?}");
        assert_eq!(d[0].severity, Severity::Unchecked, "{cond}: {d:?}");
        assert!(d[0].detail.contains(why), "{cond}: {}", d[0].detail);
    }
    // A known false operand decides `&&` even with an unknown other side.
    let d = one(
        "x",
        Type::String,
        r#"var.x == "z" && var.x == aws_vpc.main.id"#,
        r#""bad""#,
        s("v"),
    );
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].severity, Severity::Error, "{d:?}");
}

/// Recorded from Terraform 1.11.4 (`tests/conformance/cases/validation_unknown_message`): a rule
/// that fails with a message Terraform does not know during plan is "Invalid error message"; a
/// message only the runtime cannot work out still fails the rule, with the reason shown.
#[test]
fn a_failed_rule_with_an_unknown_message_is_an_error() {
    for msg in [
        r#""Bad ${aws_vpc.main.id}.""#,
        r#""At ${timestamp()}.""#,
        r#""Id ${uuid()}.""#,
    ] {
        let d = one("x", Type::String, r#"var.x == "y""#, msg, s("v"));
        assert_eq!(d.len(), 1, "{msg}: {d:?}");
        assert_eq!(d[0].severity, Severity::Error, "{msg}: {d:?}");
        assert_eq!(d[0].summary, "Invalid error message", "{msg}");
    }
    // A function given an untyped null gives an unknown result, with no reason of the runtime's.
    let d = one(
        "x",
        Type::Any,
        "var.x == true",
        r#""Bad ${format("%v", var.x)}.""#,
        Value::null(),
    );
    assert_eq!(d[0].summary, "Invalid error message", "{d:?}");
    // Terraform knows `plantimestamp()` and the result of a function the runtime does not run.
    for (msg, why) in [
        (r#""At ${plantimestamp()}.""#, "plantimestamp"),
        (r#""Got ${yamlencode(var.x)}.""#, "yamlencode"),
    ] {
        let d = one("x", Type::String, r#"var.x == "y""#, msg, s("v"));
        assert_eq!(d.len(), 1, "{msg}: {d:?}");
        assert_eq!(d[0].severity, Severity::Error, "{msg}: {d:?}");
        assert_eq!(d[0].summary, "Invalid value for variable", "{msg}");
        assert!(
            d[0].detail
                .starts_with("The validation rule failed; the error message")
                && d[0].detail.contains(why),
            "{msg}: {}",
            d[0].detail
        );
    }
    // The rule passes: the message is not needed.
    let d = one(
        "x",
        Type::String,
        r#"var.x == "v""#,
        r#""At ${timestamp()}.""#,
        s("v"),
    );
    assert!(d.is_empty(), "{d:?}");
}

/// Recorded from Terraform 1.11.4 (`tests/conformance/cases/validation_required_words`): cty's
/// words for a key or a `format` argument that does not convert are "a number is required" for
/// a string, "number required" for a bool or a collection (and so for `bool`).
#[test]
fn indexes_and_format_verbs_word_what_they_require_as_cty() {
    let list = || Value::Tuple(vec![Value::Bool(true)]);
    for (cond, value, words) in [
        (
            "[1, 2, 3][var.x] == 2",
            Value::Bool(true),
            ": number required.",
        ),
        ("[1, 2, 3][var.x] == 2", list(), ": number required."),
        ("[1, 2, 3][var.x] == 2", s("abc"), ": a number is required."),
        (
            r#"format("%d", var.x) == "1""#,
            Value::Bool(true),
            ": number required.",
        ),
        (
            r#"format("%d", var.x) == "1""#,
            s("abc"),
            ": a number is required.",
        ),
        (r#"format("%t", var.x) == "1""#, list(), ": bool required."),
        (
            r#"format("%t", var.x) == "1""#,
            s("maybe"),
            ": a bool is required.",
        ),
    ] {
        let d = one("x", Type::Any, cond, r#""bad""#, value.clone());
        assert_eq!(d.len(), 1, "{cond} {value:?}: {d:?}");
        assert!(
            d[0].detail.ends_with(words),
            "{cond} {value:?}: {}",
            d[0].detail
        );
    }
}

/// Recorded from Terraform 1.11.4 (`tests/conformance/cases/validation_function_arguments`):
/// whole-number arguments and prefixes fail as each function words it, an argument's error or
/// the call's.
#[test]
fn functions_word_bad_whole_numbers_and_prefixes_as_terraform() {
    const WHOLE: &str = "value must be a whole number, between -9223372036854775808 and \
                         9223372036854775807.";
    let n = |x: &str| Value::Number(Number::parse(x).unwrap());
    for (cond, value, summary, detail) in [
        (
            "length(slice([1, 2, 3], var.x, 2)) > 0",
            n("1.5"),
            "Invalid function argument",
            format!("Invalid value for \"start_index\" parameter: invalid start index: {WHOLE}"),
        ),
        (
            "length(chunklist([1, 2], var.x)) > 0",
            n("1.5"),
            "Error in function call",
            format!("Call to function \"chunklist\" failed: invalid size: {WHOLE}"),
        ),
        (
            "length(chunklist([1, 2], var.x)) > 0",
            n("-1"),
            "Error in function call",
            "Call to function \"chunklist\" failed: the size argument must be positive.".into(),
        ),
        (
            r#"cidrsubnet("10.0.0.0/8", var.x, 1) != """#,
            n("1.5"),
            "Error in function call",
            format!("Call to function \"cidrsubnet\" failed: {WHOLE}"),
        ),
        (
            r#"length(cidrsubnets("10.0.0.0/8", var.x)) > 0"#,
            n("1.5"),
            "Invalid function argument",
            format!("Invalid value for \"newbits\" parameter: {WHOLE}"),
        ),
        (
            r#"parseint("10", var.x) > 0"#,
            n("1.5"),
            "Invalid function argument",
            format!("Invalid value for \"base\" parameter: {WHOLE}"),
        ),
        (
            "length(range(0, var.x, 2)) > 0",
            n("-2.5"),
            "Invalid function argument",
            "Invalid value for \"params\" parameter: end must be greater than start when step is \
             positive."
                .into(),
        ),
        (
            "length(cidrsubnets(var.x, 4, 4)) > 0",
            s("x"),
            "Invalid function argument",
            "Invalid value for \"prefix\" parameter: invalid CIDR expression: invalid CIDR \
             address: x."
                .into(),
        ),
    ] {
        let d = one("x", Type::Any, cond, r#""bad""#, value);
        assert_eq!(d.len(), 1, "{cond}: {d:?}");
        assert_eq!(
            (d[0].summary.as_str(), &d[0].detail),
            (summary, &detail),
            "{cond}"
        );
    }
}

/// Recorded from Terraform 1.11.4 (`tests/conformance/cases/validation_message_marks`): a failed
/// rule's message that refers to another variable's sensitive value is an error of its own, and
/// so is one that refers to an ephemeral value (a sensitive one counts first); the variable's
/// own sensitive value is not marked in its rules in 1.11 (tfvars hides the message all the
/// same).
#[test]
fn messages_referring_to_marked_values_are_errors_of_their_own() {
    let mut secret = variable("s", Type::String, &[], 1);
    secret.sensitive = true;
    let mut both = variable("se", Type::String, &[], 5);
    both.sensitive = true;
    both.ephemeral = true;
    let mut own = variable(
        "o",
        Type::String,
        &[(r#"var.o == "ok""#, r#""Got ${var.o}.""#)],
        9,
    );
    own.sensitive = true;
    let checked = variable(
        "v",
        Type::String,
        &[
            (r#"var.v == "ok""#, r#""Other ${var.s}.""#),
            (r#"var.v == "ok""#, r#""Other ${var.se}.""#),
        ],
        20,
    );
    let spec = ModuleSpec {
        variables: vec![secret, both, own, checked],
        locals: vec![],
    };
    let values = [
        ("s", s("s")),
        ("se", s("s")),
        ("o", s("bad")),
        ("v", s("bad")),
    ];
    let d = run(&spec, &values, TerraformVersion::V1_11);
    let found: Vec<(&str, &str)> = d
        .iter()
        .map(|d| (d.variable.as_deref().unwrap(), d.summary.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            ("o", "Invalid value for variable"),
            ("v", "Invalid value for variable"),
            ("v", "Error message refers to sensitive values"),
            ("v", "Invalid value for variable"),
            ("v", "Error message refers to sensitive values"),
        ],
        "{d:?}"
    );
    assert!(d
        .iter()
        .filter(|d| d.summary == "Invalid value for variable")
        .all(|d| d
            .detail
            .starts_with(tfvars_runtime::sensitive::HIDDEN_MESSAGE)));
}

#[test]
fn can_catches_dynamic_errors_only() {
    // An invalid regex is a dynamic error: `can` gives false.
    let d = one(
        "x",
        Type::String,
        r#"can(regex("(?=a)", var.x))"#,
        r#""bad""#,
        s("a"),
    );
    assert_eq!(d.len(), 1);
    assert!(d[0].detail.starts_with("bad"), "{d:?}");
    // A missing attribute and a failed conversion too.
    let d = one(
        "x",
        Type::String,
        r#"can(tonumber(var.x)) || can({a = 1}.b)"#,
        r#""bad""#,
        s("a"),
    );
    assert!(d[0].detail.starts_with("bad"), "{d:?}");
    // A reference to an undeclared variable is not caught.
    let d = one(
        "x",
        Type::String,
        "can(var.nope) || var.x == \"a\"",
        r#""bad""#,
        s("a"),
    );
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].summary, "Reference to undeclared input variable");
}

#[test]
fn skipped_variables_are_not_validated() {
    let spec = ModuleSpec {
        variables: vec![variable(
            "x",
            Type::String,
            &[("length(var.x) > 3", r#""short""#)],
            20,
        )],
        locals: vec![],
    };
    let values: BTreeMap<String, Value> = [("x".to_string(), s("a"))].into();
    let skip: BTreeSet<String> = ["x".to_string()].into();
    assert!(run_validations(&spec, &values, &skip, TerraformVersion::V1_11).is_empty());
}

#[test]
fn references_are_checked_before_evaluation() {
    // `try` would never evaluate `var.nope`; Terraform rejects it anyway.
    let d = one(
        "x",
        Type::String,
        r#"try(var.x, var.nope) == "a""#,
        r#""x""#,
        s("a"),
    );
    assert_eq!(
        summaries(&d),
        [err(
            "Reference to undeclared input variable",
            "An input variable with the name \"nope\" has not been declared. This variable can \
             be declared with a variable \"nope\" {} block."
        )]
    );
    let d = one(
        "x",
        Type::String,
        r#"var.x == "a" || local.nope"#,
        r#""x""#,
        s("a"),
    );
    assert_eq!(d[0].summary, "Reference to undeclared local value");
}

#[test]
fn can_depends_only_on_the_unknowns_it_reaches() {
    let obj = Value::Object(
        [
            ("a".to_string(), s("known")),
            ("b".to_string(), Value::Unknown(Type::String)),
        ]
        .into(),
    );
    let ty = obj.ty();
    // `var.x.a` is known even though `var.x.b` is not.
    let d = one(
        "x",
        ty.clone(),
        "can(var.x.a) && var.x.a == \"known\"",
        r#""x""#,
        obj.clone(),
    );
    assert!(d.is_empty(), "{d:?}");
    let d = one("x", ty, "can(var.x.b)", r#""x""#, obj);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].severity, Severity::Unchecked, "{d:?}");
}

#[test]
fn failing_locals_fail_even_when_unused() {
    let spec = ModuleSpec {
        variables: vec![variable("x", Type::String, &[], 20)],
        locals: vec![
            LocalSpec {
                name: "n".into(),
                expr: common::parse("length(var.x)").unwrap(),
                location: loc(6),
            },
            LocalSpec {
                name: "m".into(),
                expr: common::parse("local.n + 1").unwrap(),
                location: loc(7),
            },
        ],
    };
    let d = run(
        &spec,
        &[("x", Value::Null(Type::String))],
        TerraformVersion::V1_11,
    );
    assert_eq!(
        summaries(&d),
        [err(
            "Invalid function argument",
            "Invalid value for \"value\" parameter: argument must not be null."
        )]
    );
    assert_eq!(d[0].location, Some(loc(6)));
    assert_eq!(d[0].variable, None);
}

#[test]
fn unsupported_functions_and_encodings_name_themselves() {
    for (cond, why) in [
        (r#"yamldecode(var.x) != null"#, "yamldecode"),
        (r#"textencodebase64(var.x, "SHIFT_JIS") != """#, "SHIFT_JIS"),
        (r#"can(templatestring(var.x, {}))"#, "templatestring"),
    ] {
        let d = one("x", Type::String, cond, r#""bad""#, s("a: 1"));
        assert_eq!(d.len(), 1, "{cond}: {d:?}");
        assert_eq!(d[0].severity, Severity::Unchecked, "{cond}: {d:?}");
        assert!(d[0].detail.contains(why), "{cond}: {}", d[0].detail);
    }
}

#[test]
fn messages_using_ephemeral_values_are_withheld() {
    let mut e = variable(
        "e",
        Type::String,
        &[("length(var.e) > 10", r#""Too short: ${var.e}.""#)],
        5,
    );
    e.ephemeral = true;
    let mut f = variable(
        "f",
        Type::String,
        &[("length(var.f) > 10", r#""Too short.""#)],
        14,
    );
    f.ephemeral = true;
    let mut g = variable(
        "g",
        Type::String,
        &[(
            "length(var.g) > 10",
            r#""Too short: ${coalesce(ephemeralasnull(var.g), "-")}.""#,
        )],
        20,
    );
    g.ephemeral = true;
    let spec = ModuleSpec {
        variables: vec![e, f, g],
        locals: vec![],
    };
    let d = run(
        &spec,
        &[("e", s("short")), ("f", s("short")), ("g", s("short"))],
        TerraformVersion::V1_11,
    );
    let got = summaries(&d);
    assert_eq!(got.len(), 4, "{got:#?}");
    assert_eq!(
        got[0].2,
        "The error message included a sensitive value, so it will not be displayed.\n\nThis was \
         checked by the validation rule at main.tf:5,3-13."
    );
    assert_eq!(got[1].1, "Error message refers to ephemeral values");
    assert!(got[2].2.starts_with("Too short.\n"), "{got:#?}");
    // `ephemeralasnull` turns what derives from an ephemeral variable into null.
    assert!(got[3].2.starts_with("Too short: -.\n"), "{got:#?}");
}

#[test]
fn an_unsuitable_message_is_no_error_when_the_condition_passes() {
    let list = Value::List(Type::String, vec![s("a")]);
    let d = one("l", list.ty(), "length(var.l) > 0", "var.l", list);
    assert!(d.is_empty(), "{d:?}");
}

#[test]
fn message_errors_are_reported_with_condition_errors() {
    let d = one(
        "name",
        Type::String,
        "length(var.name) >= 2",
        r#""Name too short: ${var.name}.""#,
        Value::Null(Type::String),
    );
    assert_eq!(
        summaries(&d),
        [
            err(
                "Invalid function argument",
                "Invalid value for \"value\" parameter: argument must not be null."
            ),
            err(
                "Invalid template interpolation value",
                "The expression result is null. Cannot include a null value in a string template."
            )
        ]
    );
}
