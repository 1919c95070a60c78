//! Lowering of every HCL expression form into the runtime IR.

use tfvars_codegen::lower::{
    lower_constant, lower_expr, parse_number, variables_used, SPLAT_SYMBOL,
};
use tfvars_runtime::expr::{BinaryOp, ForExpr, TemplatePart, UnaryOp};
use tfvars_runtime::{Expr, Number, Value};

/// An arena for one test's trees, kept until the test process ends.
fn arena() -> &'static tfvars_hcl::Arena {
    Box::leak(Box::new(tfvars_hcl::Arena::new()))
}

/// Parses one expression, which must be free of syntax errors.
fn parse(src: &str) -> tfvars_hcl::Expr<'_> {
    let parsed = tfvars_hcl::parse_expression(arena(), src, "x.tf");
    assert!(
        parsed.diagnostics.is_empty(),
        "{src}: {:?}",
        parsed.diagnostics
    );
    parsed.value
}

/// Parses a body, which must be free of syntax errors.
fn parse_body(src: &str) -> tfvars_hcl::Body<'_> {
    let parsed = tfvars_hcl::parse_body(arena(), src, "x.tf");
    assert!(
        parsed.diagnostics.is_empty(),
        "{src}: {:?}",
        parsed.diagnostics
    );
    parsed.value
}

fn lower(src: &str) -> Expr {
    lower_expr(&parse(src), None).unwrap_or_else(|e| panic!("{src}: {e}"))
}

fn lower_body_attr(src: &str) -> Expr {
    let body = parse_body(src);
    let attr = body.attributes().next().unwrap();
    lower_expr(&attr.expr, None).unwrap()
}

fn num(s: &str) -> Expr {
    Expr::Literal(Value::Number(Number::parse_json(s).unwrap()))
}
fn st(s: &str) -> Expr {
    Expr::Literal(Value::String(s.into()))
}
fn var(s: &str) -> Expr {
    Expr::Variable(s.into())
}
fn bin(op: BinaryOp, a: Expr, b: Expr) -> Expr {
    Expr::Binary(op, Box::new(a), Box::new(b))
}
fn lit(s: &str) -> TemplatePart {
    TemplatePart::Literal(s.into())
}

#[test]
fn literals() {
    assert_eq!(lower("null"), Expr::Literal(Value::null()));
    assert_eq!(lower("true"), Expr::Literal(Value::Bool(true)));
    assert_eq!(lower("\"a\\nb\""), st("a\nb"));
    assert_eq!(lower("1.50"), num("1.5"));
    assert_eq!(lower("1e3"), num("1000"));
    // Exact beyond f64 and u64.
    assert_eq!(lower("9007199254740993"), num("9007199254740993"));
    assert_eq!(
        lower("123456789012345678901234567890.000000000000000000001"),
        num("123456789012345678901234567890.000000000000000000001")
    );
    assert_eq!(lower("0.1"), num("0.1"));
    assert_eq!(lower("007"), num("7"));
    // Negative literals are negations, as in HCL's grammar.
    assert_eq!(
        lower("-5"),
        Expr::Unary(UnaryOp::Negate, Box::new(num("5")))
    );
}

#[test]
fn number_text() {
    assert_eq!(parse_number("01.50"), Number::parse_json("1.5"));
    assert_eq!(parse_number("0"), Number::parse_json("0"));
    assert_eq!(parse_number("1E+2"), Number::parse_json("100"));
    assert_eq!(parse_number("0x10"), None);
}

#[test]
fn strings_are_nfc() {
    assert_eq!(lower("\"e\\u0301\""), st("\u{e9}"));
}

#[test]
fn templates() {
    assert_eq!(
        lower("\"a${var.x}b\""),
        Expr::Template(vec![
            lit("a"),
            TemplatePart::Interpolation(var("x")),
            lit("b")
        ])
    );
    // A lone interpolation is the value itself.
    assert_eq!(lower("\"${var.x}\""), var("x"));
    // `$${` is a literal `${`.
    assert_eq!(lower("\"$${a}\""), st("${a}"));
    assert_eq!(
        lower("\"%{if var.x}y%{else}n%{endif}\""),
        Expr::Template(vec![TemplatePart::If {
            condition: var("x"),
            then: vec![lit("y")],
            otherwise: vec![lit("n")],
        }])
    );
    assert_eq!(
        lower("\"%{for k, v in var.m}${k}=${v},%{endfor}\""),
        Expr::Template(vec![TemplatePart::For {
            key_var: Some("k".into()),
            value_var: "v".into(),
            collection: var("m"),
            body: vec![
                TemplatePart::Interpolation(Expr::Bound("k".into())),
                lit("="),
                TemplatePart::Interpolation(Expr::Bound("v".into())),
                lit(","),
            ],
        }])
    );
}

#[test]
fn strip_markers() {
    // Terraform: "x ${~ "  y  " ~} z %{~ if 1 == 1 ~}  T  %{~ else ~} F %{~ endif ~}  q"
    // gives "x  y  zTq".
    let e = lower(r#""x ${~ "  y  " ~} z %{~ if true ~}  T  %{~ else ~} F %{~ endif ~}  q""#);
    assert_eq!(
        e,
        Expr::Template(vec![
            lit("x"),
            TemplatePart::Interpolation(st("  y  ")),
            lit("z"),
            TemplatePart::If {
                condition: Expr::Literal(Value::Bool(true)),
                then: vec![lit("T")],
                otherwise: vec![lit("F")],
            },
            lit("q"),
        ])
    );
}

#[test]
fn heredocs() {
    assert_eq!(
        lower_body_attr("a = <<EOT\n  hello\n  world\nEOT\n"),
        st("  hello\n  world\n")
    );
    assert_eq!(
        lower_body_attr("a = <<-EOT\n    hello\n      world\n  EOT\n"),
        st("hello\n  world\n")
    );
    // Terraform dedents literals inside directives too: this gives "a\n\n  b\n\nc 2\n".
    let e = lower_body_attr(
        "a = <<-EOT\n    a\n    %{ if true }\n      b\n    %{ endif }\n    c ${ 1 + 1 }\n  EOT\n",
    );
    assert_eq!(
        e,
        Expr::Template(vec![
            lit("a\n"),
            TemplatePart::If {
                condition: Expr::Literal(Value::Bool(true)),
                then: vec![lit("\n  b\n")],
                otherwise: vec![],
            },
            lit("\nc "),
            TemplatePart::Interpolation(bin(BinaryOp::Add, num("1"), num("1"))),
            lit("\n"),
        ])
    );
}

#[test]
fn collections() {
    assert_eq!(lower("[1, \"a\"]"), Expr::Tuple(vec![num("1"), st("a")]));
    assert_eq!(
        lower("{ a = 1, \"b\" = 2, (var.k) = 3, \"k${1}\" = 4 }"),
        Expr::Object(vec![
            (st("a"), num("1")),
            (st("b"), num("2")),
            (var("k"), num("3")),
            (
                Expr::Template(vec![lit("k"), TemplatePart::Interpolation(num("1"))]),
                num("4")
            ),
        ])
    );
}

#[test]
fn precedence() {
    // `&&` binds tighter than `||`.
    assert_eq!(
        lower("var.a || var.b && var.c"),
        bin(
            BinaryOp::Or,
            var("a"),
            bin(BinaryOp::And, var("b"), var("c"))
        )
    );
    // `!` binds tighter than `==`.
    assert_eq!(
        lower("!var.a == var.b"),
        bin(
            BinaryOp::Eq,
            Expr::Unary(UnaryOp::Not, Box::new(var("a"))),
            var("b")
        )
    );
    assert_eq!(
        lower("1 + 2 * 3 - 4"),
        bin(
            BinaryOp::Sub,
            bin(
                BinaryOp::Add,
                num("1"),
                bin(BinaryOp::Mul, num("2"), num("3"))
            ),
            num("4")
        )
    );
    assert_eq!(
        lower("-var.x * 2"),
        bin(
            BinaryOp::Mul,
            Expr::Unary(UnaryOp::Negate, Box::new(var("x"))),
            num("2")
        )
    );
    assert_eq!(
        lower("var.a < 1 == true"),
        bin(
            BinaryOp::Eq,
            bin(BinaryOp::Less, var("a"), num("1")),
            Expr::Literal(Value::Bool(true))
        )
    );
    assert_eq!(
        lower("(1 + 2) * 3 % 4 / 5"),
        bin(
            BinaryOp::Div,
            bin(
                BinaryOp::Mod,
                bin(
                    BinaryOp::Mul,
                    bin(BinaryOp::Add, num("1"), num("2")),
                    num("3")
                ),
                num("4")
            ),
            num("5")
        )
    );
    assert_eq!(
        lower("var.a ? 1 : var.b ? 2 : 3"),
        Expr::Conditional(
            Box::new(var("a")),
            Box::new(num("1")),
            Box::new(Expr::Conditional(
                Box::new(var("b")),
                Box::new(num("2")),
                Box::new(num("3"))
            ))
        )
    );
}

#[test]
fn calls() {
    assert_eq!(
        lower("length(var.x) > 0"),
        bin(
            BinaryOp::Greater,
            Expr::Call {
                name: "length".into(),
                args: vec![var("x")],
                expand_final: false
            },
            num("0")
        )
    );
    assert_eq!(
        lower("max(var.xs...)"),
        Expr::Call {
            name: "max".into(),
            args: vec![var("xs")],
            expand_final: true
        }
    );
    assert_eq!(
        lower("provider::aws::arn_parse(var.a)"),
        Expr::Call {
            name: "provider::aws::arn_parse".into(),
            args: vec![var("a")],
            expand_final: false
        }
    );
}

#[test]
fn traversals_and_references() {
    assert_eq!(
        lower("var.x.a[0][\"k\"]"),
        Expr::Index(
            Box::new(Expr::Index(
                Box::new(Expr::GetAttr(Box::new(var("x")), "a".into())),
                Box::new(num("0"))
            )),
            Box::new(st("k"))
        )
    );
    assert_eq!(lower("local.l"), Expr::Local("l".into()));
    assert_eq!(
        lower("var.x[var.i]"),
        Expr::Index(Box::new(var("x")), Box::new(var("i")))
    );
    assert_eq!(
        lower("aws_instance.web.id"),
        Expr::Unknown("aws_instance.web.id".into())
    );
    assert_eq!(
        lower("data.aws_ami.a.id"),
        Expr::Unknown("data.aws_ami.a.id".into())
    );
    assert_eq!(lower("path.module"), Expr::Unknown("path.module".into()));
    assert_eq!(lower("each.key"), Expr::Unknown("each.key".into()));
    assert_eq!(lower("count.index"), Expr::Unknown("count.index".into()));
    assert_eq!(
        lower("module.m.out[var.i]"),
        Expr::Index(
            Box::new(Expr::Unknown("module.m.out".into())),
            Box::new(var("i"))
        )
    );
    assert_eq!(
        lower("var.x.0"),
        Expr::Index(Box::new(var("x")), Box::new(num("0")))
    );
    assert!(lower_expr(&parse("var"), None).is_err());
}

#[test]
fn splats() {
    let b = || Expr::Bound(SPLAT_SYMBOL.into());
    assert_eq!(
        lower("var.l[*].a.b"),
        Expr::Splat {
            source: Box::new(var("l")),
            each: Box::new(Expr::GetAttr(
                Box::new(Expr::GetAttr(Box::new(b()), "a".into())),
                "b".into()
            )),
            symbol: SPLAT_SYMBOL.into(),
        }
    );
    // A full splat carries index operations; an attribute splat stops before them.
    assert_eq!(
        lower("var.l[*].a[0]"),
        Expr::Splat {
            source: Box::new(var("l")),
            each: Box::new(Expr::Index(
                Box::new(Expr::GetAttr(Box::new(b()), "a".into())),
                Box::new(num("0"))
            )),
            symbol: SPLAT_SYMBOL.into(),
        }
    );
    assert_eq!(
        lower("var.l.*.a[0]"),
        Expr::Index(
            Box::new(Expr::Splat {
                source: Box::new(var("l")),
                each: Box::new(Expr::GetAttr(Box::new(b()), "a".into())),
                symbol: SPLAT_SYMBOL.into(),
            }),
            Box::new(num("0"))
        )
    );
    assert_eq!(
        lower("var.l[*]"),
        Expr::Splat {
            source: Box::new(var("l")),
            each: Box::new(b()),
            symbol: SPLAT_SYMBOL.into(),
        }
    );
}

#[test]
fn for_expressions() {
    assert_eq!(
        lower("[for i, v in var.l : v.a if i > 0]"),
        Expr::For(Box::new(ForExpr {
            key_var: Some("i".into()),
            value_var: "v".into(),
            collection: var("l"),
            key: None,
            value: Expr::GetAttr(Box::new(Expr::Bound("v".into())), "a".into()),
            condition: Some(bin(BinaryOp::Greater, Expr::Bound("i".into()), num("0"))),
            grouping: false,
        }))
    );
    assert_eq!(
        lower("{for k, v in var.m : v => k...}"),
        Expr::For(Box::new(ForExpr {
            key_var: Some("k".into()),
            value_var: "v".into(),
            collection: var("m"),
            key: Some(Expr::Bound("v".into())),
            value: Expr::Bound("k".into()),
            condition: None,
            grouping: true,
        }))
    );
    // The symbol is bound only inside the expression.
    assert_eq!(
        lower("[for v in var.l : v] == v"),
        bin(
            BinaryOp::Eq,
            Expr::For(Box::new(ForExpr {
                key_var: None,
                value_var: "v".into(),
                collection: var("l"),
                key: None,
                value: Expr::Bound("v".into()),
                condition: None,
                grouping: false,
            })),
            Expr::Unknown("v".into())
        )
    );
}

#[test]
fn constant_mode() {
    let errs = lower_constant(&parse("[upper(\"a\"), var.x, local.y, 1]")).unwrap_err();
    let details: Vec<_> = errs.iter().map(|e| e.detail.as_str()).collect();
    assert_eq!(
        details,
        [
            "Functions may not be called here",
            "Variables may not be used here",
            "Variables may not be used here"
        ]
    );
    assert_eq!(errs[0].span, Some(1..11));
    // `for` symbols and splats are fine in constants.
    assert!(lower_constant(&parse("[for x in [1, 2] : x * 2 if x > 0]")).is_ok());
    assert!(lower_constant(&parse("[{ a = 1 }][*].a")).is_ok());
}

#[test]
fn variables_used_lists_references() {
    let e = lower("var.a > 0 && contains(local.l, var.b) && var.a != 1");
    assert_eq!(variables_used(&e), ["a", "b", "a"]);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    // The parser itself refuses very deep nesting; either way there is no stack overflow.
    let src = format!("{}1{}", "[".repeat(5000), "]".repeat(5000));
    let arena = tfvars_hcl::Arena::new();
    let parsed = tfvars_hcl::parse_expression(&arena, &src, "x.tf");
    assert_eq!(
        parsed.diagnostics[0].summary,
        "Expression too deeply nested"
    );
    let src = format!("{}1{}", "(".repeat(50), ")".repeat(50));
    assert_eq!(lower(&src), num("1"));
}

#[test]
fn lowering_guards_its_own_depth() {
    // Built directly (the parser stops earlier), deeper than the lowering limit.
    let mut e = parse("1");
    for _ in 0..(tfvars_codegen::lower::MAX_DEPTH + 10) {
        e = tfvars_hcl::Expr {
            kind: tfvars_hcl::ExprKind::Tuple(std::slice::from_ref(Box::leak(Box::new(e)))),
            span: tfvars_hcl::Span::default(),
        };
    }
    let err = lower_expr(&e, None).unwrap_err();
    assert_eq!(err.summary, "Expression too deeply nested");
}

/// Lowers each attribute of a body (as the loader does) and evaluates it.
fn eval_attrs(src: &str) -> Vec<Value> {
    let body = parse_body(src);
    body.attributes()
        .map(|a| {
            let e = lower_expr(&a.expr, None).unwrap();
            tfvars_runtime::eval::eval_constant(&e).unwrap()
        })
        .collect()
}

#[test]
fn indented_heredocs_dedent_like_hcl() {
    // Outputs recorded with Terraform 1.11.4 for the same heredocs.
    let src = "a = <<-EOT\n      a\n    %{ if true }\n  b\n    %{ else }\n        c\n    %{ endif }\n  EOT\n\
               b = <<-EOT\n    x\n\n      y\n    %{ for i in [1, 2] }\n      i${i}\n    %{ endfor }\n  EOT\n\
               c = <<-EOT\n\ttab\n\t  tab2\n  EOT\n";
    let got = eval_attrs(src);
    assert_eq!(
        got,
        [
            Value::String("    a\n  \nb\n  \n".into()),
            Value::String("x\n\n  y\n\n  i1\n\n  i2\n\n".into()),
            Value::String("tab\n  tab2\n".into()),
        ]
    );
}

#[test]
fn errors_inside_heredocs_point_into_the_file() {
    let src = "x = 1\na = <<-EOT\n  v ${upper(\"x\")}\n  EOT\n";
    let body = parse_body(src);
    let attr = body.attributes().nth(1).unwrap();
    let errs = lower_constant(&attr.expr).unwrap_err();
    let span = errs[0].span.clone().unwrap();
    assert_eq!(&src[span], "upper(\"x\")");
}

#[test]
fn bare_keyword_keys_are_names() {
    // As in HCL: `true`, `null` and `for` written as keys are names; `(true)` is evaluated.
    assert_eq!(
        lower("{ true = 1, null = var.x, if = 2 }"),
        Expr::Object(vec![
            (st("true"), num("1")),
            (st("null"), var("x")),
            (st("if"), num("2")),
        ])
    );
    assert_eq!(
        lower("{ (null) = 1 }"),
        Expr::Object(vec![(Expr::Literal(Value::null()), num("1"))])
    );
    // A bare traversal as a key is refused when evaluated, not when lowered; the traversal
    // stays for the reference checks.
    assert_eq!(
        lower("{ var.a = 1 }"),
        Expr::Object(vec![(Expr::AmbiguousKey(Box::new(var("a"))), num("1"))])
    );
    assert_eq!(variables_used(&lower("{ var.a = 1 }")), ["a"]);
    assert_eq!(
        lower("{ (var.a) = 1 }"),
        Expr::Object(vec![(var("a"), num("1"))])
    );
    // In a constant, it is refused where evaluation meets it.
    let errs = lower_constant(&parse("{ a.b = 1 }")).unwrap_err();
    assert_eq!(errs[0].summary, "Ambiguous attribute key");
    assert!(lower_constant(&parse("false ? { a.b = 1 } : {}")).is_ok());
}

#[test]
fn repeated_keys_reach_the_evaluator_in_order() {
    // Each key reaches the evaluator, and the last value wins, as in HCL.
    let src = "a = { k = 1, \"k\" = 2, k = { k = 3, k = 4 } }\n";
    let body = parse_body(src);
    let attr = body.attributes().next().unwrap();
    let e = lower_expr(&attr.expr, None).unwrap();
    let v = tfvars_runtime::eval::eval_constant(&e).unwrap();
    let inner = Value::Object([("k".to_string(), Value::Number(Number::from(4)))].into());
    assert_eq!(v, Value::Object([("k".to_string(), inner)].into()));
}
