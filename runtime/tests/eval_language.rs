//! The evaluator beyond single builtins: constant expressions, unknown propagation, version
//! semantics, depth limits, and property tests (no panics; `can` agrees with errors).

mod common;

use std::collections::BTreeMap;

use proptest::prelude::*;
use tfvars_runtime::eval::{eval_constant, ErrorKind, Scope};
use tfvars_runtime::expr::{BinaryOp, Expr, UnaryOp};
use tfvars_runtime::{ModuleSpec, Number, TerraformVersion, Type, Value};

fn constant(text: &str) -> Result<Value, String> {
    let expr = common::parse(text)?;
    eval_constant(&expr).map_err(|e| format!("{}: {}", e.summary, e.detail))
}

#[test]
fn constants_evaluate_like_tfvars_values() {
    let cases = [
        (r#""a${1 + 1}""#, r#""a2""#),
        ("[for x in [1, 2] : x * 10 if x > 1]", "[\n  20,\n]"),
        ("{for k, v in {a = 1} : upper_is_not_needed => v}", ""),
        ("true ? 1 : \"a\"", r#""1""#),
        ("[{a = 1}, {a = 2}][*].a", "[\n  1,\n  2,\n]"),
        ("\"%{for x in [1, 2]}${x},%{endfor}\"", r#""1,2,""#),
        ("-5 % 3", "-2"),
    ];
    for (text, want) in cases {
        match constant(text) {
            Ok(v) => assert_eq!(common::console(&v), want, "{text}"),
            // `upper_is_not_needed` is a bare name, which a constant may not use.
            Err(e) => assert!(
                want.is_empty() && e.contains("Variables may not be used here"),
                "{text}: {e}"
            ),
        }
    }
}

#[test]
fn constants_reject_references_and_calls() {
    assert_eq!(
        constant("upper(\"a\")").unwrap_err(),
        "Function calls not allowed: Functions may not be called here."
    );
    assert_eq!(
        eval_constant(&Expr::Variable("y".into()))
            .unwrap_err()
            .detail,
        "Variables may not be used here."
    );
    assert_eq!(
        eval_constant(&Expr::Local("y".into())).unwrap_err().kind,
        ErrorKind::Static
    );
}

fn scope_eval(expr: &Expr, version: TerraformVersion) -> Result<Value, String> {
    let spec = ModuleSpec::default();
    let values = BTreeMap::new();
    Scope::new(&spec, &values)
        .with_version(version)
        .eval(expr)
        .map_err(|e| e.detail)
}

#[test]
fn unknowns_propagate() {
    for text in [
        "aws_vpc.main.id == \"a\"",
        "upper(aws_vpc.main.id)",
        "length([aws_vpc.main.id]) == 1 && aws_vpc.main.cidr == \"x\"",
        "\"${aws_vpc.main.id}-x\"",
        "[for x in aws_subnet.all : x.id]",
        "can(aws_vpc.main.id)",
        "try(aws_vpc.main.id, \"x\")",
        "timestamp()",
        "uuid()",
        "aws_vpc.main.id ? 1 : 2",
    ] {
        let v = common::eval(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(v.is_unknown(), "{text}: {v:?}");
    }
    // Known parts stay known.
    let v = common::eval("length([aws_vpc.main.id, 2])").unwrap();
    assert_eq!(v, Value::Number(Number::from(2)));
    let v = common::eval("false && aws_vpc.main.id == \"a\"").unwrap();
    assert_eq!(v, Value::Bool(false));
    let v = common::eval("true ? 1 : aws_vpc.main.id").unwrap();
    assert!(!v.has_unknown(), "{v:?}");
}

#[test]
fn logical_operators_by_release() {
    let err = Expr::Call {
        name: "length".into(),
        args: vec![Expr::Literal(Value::Null(Type::String))],
        expand_final: false,
    };
    let or = Expr::Binary(
        BinaryOp::Or,
        Box::new(Expr::Literal(Value::Bool(true))),
        Box::new(err.clone()),
    );
    let and = Expr::Binary(
        BinaryOp::And,
        Box::new(Expr::Literal(Value::Bool(false))),
        Box::new(err),
    );
    for e in [&or, &and] {
        assert!(scope_eval(e, TerraformVersion::V1_11).is_err());
        assert!(scope_eval(e, TerraformVersion::Latest).is_ok());
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    // Mix the constructs whose evaluation recurses with the most stack per level.
    let mut e = Expr::Literal(Value::Number(Number::from(1)));
    for i in 0..100_000 {
        e = match i % 4 {
            0 => Expr::Call {
                name: "coalesce".into(),
                args: vec![e],
                expand_final: false,
            },
            1 => Expr::Conditional(
                Box::new(Expr::Literal(Value::Bool(true))),
                Box::new(e),
                Box::new(Expr::Literal(Value::Null(Type::Any))),
            ),
            2 => Expr::For(Box::new(tfvars_runtime::expr::ForExpr {
                key_var: None,
                value_var: "x".into(),
                collection: Expr::Tuple(vec![e]),
                key: None,
                value: Expr::Bound("x".into()),
                condition: None,
                grouping: false,
            })),
            _ => Expr::Unary(
                UnaryOp::Negate,
                Box::new(Expr::Index(
                    Box::new(Expr::Tuple(vec![e])),
                    Box::new(Expr::Literal(Value::Number(Number::from(0)))),
                )),
            ),
        };
    }
    let spec = ModuleSpec::default();
    let values = BTreeMap::new();
    // Evaluate on a thread with a small stack, like a test harness or a user's worker thread.
    let err = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            let r = Scope::new(&spec, &values)
                .eval(&e)
                .map(|_| ())
                .map_err(|e| e.summary);
            // Dropping a deep tree recurses too; leak it rather than test `Drop`.
            std::mem::forget(e);
            r
        })
        .unwrap()
        .join()
        .unwrap()
        .unwrap_err();
    assert_eq!(err, "Expression too complex");
}

// ---- properties ----------------------------------------------------------------------------

fn leaf() -> impl Strategy<Value = Expr> {
    prop_oneof![
        Just(Expr::Literal(Value::Null(Type::Any))),
        any::<bool>().prop_map(|b| Expr::Literal(Value::Bool(b))),
        (-3i64..4).prop_map(|n| Expr::Literal(Value::Number(Number::from(n)))),
        prop_oneof![
            Just(""),
            Just("a"),
            Just("1"),
            Just("true"),
            Just("10.0.0.0/8")
        ]
        .prop_map(|s| Expr::Literal(Value::String(s.into()))),
        Just(Expr::Unknown("aws_vpc.main.id".into())),
    ]
}

const FUNCS: &[&str] = &[
    "length",
    "upper",
    "contains",
    "coalesce",
    "tonumber",
    "tostring",
    "tolist",
    "toset",
    "keys",
    "values",
    "lookup",
    "element",
    "one",
    "flatten",
    "alltrue",
    "anytrue",
    "regex",
    "split",
    "join",
    "substr",
    "cidrhost",
    "max",
    "sum",
    "merge",
    "concat",
    "distinct",
    "jsonencode",
    "format",
    "replace",
    "range",
    "abs",
    "tobool",
    "can",
    "try",
];

fn expr() -> impl Strategy<Value = Expr> {
    leaf().prop_recursive(4, 48, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Expr::Tuple),
            prop::collection::vec((inner.clone(), inner.clone()), 0..3).prop_map(Expr::Object),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Expr::Index(Box::new(a), Box::new(b))),
            (inner.clone(), prop_oneof![Just("a"), Just("b")])
                .prop_map(|(a, n)| Expr::GetAttr(Box::new(a), n.into())),
            (inner.clone(), any::<bool>()).prop_map(|(a, neg)| Expr::Unary(
                if neg { UnaryOp::Negate } else { UnaryOp::Not },
                Box::new(a)
            )),
            (0usize..13, inner.clone(), inner.clone()).prop_map(|(op, a, b)| {
                let ops = [
                    BinaryOp::Eq,
                    BinaryOp::NotEq,
                    BinaryOp::Less,
                    BinaryOp::LessEq,
                    BinaryOp::Greater,
                    BinaryOp::GreaterEq,
                    BinaryOp::Add,
                    BinaryOp::Sub,
                    BinaryOp::Mul,
                    BinaryOp::Div,
                    BinaryOp::Mod,
                    BinaryOp::And,
                    BinaryOp::Or,
                ];
                Expr::Binary(ops[op], Box::new(a), Box::new(b))
            }),
            (inner.clone(), inner.clone(), inner.clone())
                .prop_map(|(c, a, b)| { Expr::Conditional(Box::new(c), Box::new(a), Box::new(b)) }),
            (0..FUNCS.len(), prop::collection::vec(inner.clone(), 0..3)).prop_map(|(f, args)| {
                Expr::Call {
                    name: FUNCS[f].into(),
                    args,
                    expand_final: false,
                }
            }),
            (inner.clone(), inner.clone()).prop_map(|(coll, body)| {
                Expr::For(Box::new(tfvars_runtime::expr::ForExpr {
                    key_var: None,
                    value_var: "x".into(),
                    collection: coll,
                    key: None,
                    value: Expr::Tuple(vec![Expr::Bound("x".into()), body]),
                    condition: None,
                    grouping: false,
                }))
            }),
            (inner.clone(), inner).prop_map(|(src, each)| Expr::Splat {
                source: Box::new(src),
                each: Box::new(Expr::Tuple(vec![Expr::Bound("*".into()), each])),
                symbol: "*".into(),
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn evaluation_never_panics(e in expr()) {
        let spec = ModuleSpec::default();
        let values = BTreeMap::new();
        for version in [TerraformVersion::V1_11, TerraformVersion::Latest] {
            let _ = Scope::new(&spec, &values).with_version(version).eval(&e);
        }
        let _ = eval_constant(&e);
    }

    #[test]
    fn can_agrees_with_errors(e in expr()) {
        let spec = ModuleSpec::default();
        let values = BTreeMap::new();
        let direct = Scope::new(&spec, &values).eval(&e);
        let can = Scope::new(&spec, &values).eval(&Expr::Call {
            name: "can".into(),
            args: vec![e.clone()],
            expand_final: false,
        });
        match (&direct, &can) {
            (Ok(v), Ok(c)) if v.has_unknown() => prop_assert!(c.is_unknown(), "{v:?} {c:?}"),
            (Ok(_), Ok(c)) => prop_assert!(
                c == &Value::Bool(true) || c.is_unknown(),
                "ok but can gave {c:?}"
            ),
            (Err(err), Ok(c)) if err.kind == ErrorKind::Dynamic => prop_assert!(
                c == &Value::Bool(false) || c.is_unknown(),
                "error {err} but can gave {c:?}"
            ),
            (Err(err), Err(cerr)) => {
                prop_assert_eq!(err.kind, ErrorKind::Static);
                prop_assert_eq!(err, cerr);
            }
            (d, c) => prop_assert!(false, "direct {d:?}, can {c:?}"),
        }
    }
}

/// Throughput of typical validation conditions (run with `--ignored --nocapture`, ideally in
/// release mode); prints the time per condition.
#[test]
#[ignore]
fn throughput() {
    use tfvars_runtime::eval::run_validations;
    use tfvars_runtime::{Location, ValidationSpec, VariableSpec};
    let conditions = [
        r#"alltrue([for s in var.subnets : can(cidrhost(s, 0))])"#,
        r#"contains(["dev", "staging", "prod"], var.env)"#,
        r#"can(regex("^[a-z][a-z0-9-]{1,61}[a-z0-9]$", var.name))"#,
        r#"length(var.name) <= 63 && startswith(var.name, "app-")"#,
        r#"var.env == null || try(length(var.env) > 0, false)"#,
    ];
    let subnets: Vec<Value> = (0..8)
        .map(|i| Value::String(format!("10.{i}.0.0/16")))
        .collect();
    let values: BTreeMap<String, Value> = [
        ("subnets".to_string(), Value::List(Type::String, subnets)),
        ("env".to_string(), Value::String("prod".into())),
        ("name".to_string(), Value::String("app-frontend".into())),
    ]
    .into();
    let location = Location {
        file: "main.tf".into(),
        line: 1,
        column: 1,
        range: None,
    };
    let spec = ModuleSpec {
        variables: vec![VariableSpec {
            name: "name".into(),
            ty: Type::String,
            typed: true,
            default: None,
            description: None,
            sensitive: false,
            nullable: true,
            nullable_set: false,
            ephemeral: false,
            validations: conditions
                .iter()
                .map(|c| ValidationSpec {
                    condition: common::parse(c).unwrap(),
                    error_message: common::parse(r#""bad""#).unwrap(),
                    condition_source: c.to_string(),
                    error_message_source: "\"bad\"".into(),
                    location: location.clone(),
                })
                .collect(),
            location: location.clone(),
        }],
        locals: vec![],
    };
    let skip = Default::default();
    let n = 20_000;
    let start = std::time::Instant::now();
    for _ in 0..n {
        let d = run_validations(&spec, &values, &skip, TerraformVersion::Latest);
        assert!(d.is_empty(), "{d:?}");
    }
    let per = start.elapsed() / (n * conditions.len() as u32);
    println!(
        "{per:?} per condition ({} conditions x {n})",
        conditions.len()
    );
}

fn arg() -> impl Strategy<Value = Expr> {
    prop_oneof![
        any::<String>().prop_map(|s| Expr::Literal(Value::String(s))),
        "[0-9a-fA-F:/.,%{}$\\\\()\\[\\]*+?-]{0,12}".prop_map(|s| Expr::Literal(Value::String(s))),
        (-40i64..40).prop_map(|n| Expr::Literal(Value::Number(Number::from(n)))),
        Just(Expr::Literal(Value::Number(
            Number::parse("1e400").expect("valid")
        ))),
        Just(Expr::Literal(Value::Null(Type::Any))),
        prop::collection::vec(
            any::<String>().prop_map(|s| Expr::Literal(Value::String(s))),
            0..3
        )
        .prop_map(Expr::Tuple),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Every builtin, with arbitrary strings and numbers, returns a value or an error.
    #[test]
    fn builtins_never_panic(
        f in 0..tfvars_runtime::eval::function_names().len(),
        args in prop::collection::vec(arg(), 0..4),
    ) {
        let name = tfvars_runtime::eval::function_names()[f];
        let spec = ModuleSpec::default();
        let values = BTreeMap::new();
        let _ = Scope::new(&spec, &values).eval(&Expr::Call {
            name: name.into(),
            args,
            expand_final: false,
        });
    }
}

#[test]
fn an_unknown_for_filter_makes_the_result_unknown() {
    for text in [
        "[for x in [1, 2] : x if x == aws_vpc.main.id]",
        "{for x in [1, 2] : x => x if x == aws_vpc.main.id}",
    ] {
        let v = common::eval(text).unwrap();
        assert!(v.is_unknown(), "{text}: {v:?}");
    }
}

/// Every interpolation of a template is evaluated and each failure reported, as Terraform
/// reports `s = "${[1]}-${null}-${true}"` in a `.tfvars` file (two errors, recorded in
/// `tests/conformance/cases/hcl_exprs/expected/template_two_errors.json`).
#[test]
fn a_template_reports_the_failure_of_every_part() {
    let expr = common::parse(r#""${[1]}-${null}-${true}""#).unwrap();
    let err = eval_constant(&expr).unwrap_err();
    let all: Vec<(&str, &str)> = std::iter::once(&err)
        .chain(&err.more)
        .map(|e| (e.summary.as_str(), e.detail.as_str()))
        .collect();
    assert_eq!(
        all,
        [
            (
                "Invalid template interpolation value",
                "Cannot include the given value in a string template: string required."
            ),
            (
                "Invalid template interpolation value",
                "The expression result is null. Cannot include a null value in a string \
                 template."
            ),
        ]
    );
}
