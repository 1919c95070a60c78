//! Hostile values: `.tfvars.json` documents nested 10,000, 50,000 and 100,000 levels deep give
//! one located error, values at the 128-level limit go through every step (conversion against
//! `any` and against as deep a declared type, validation, the writers), and regular
//! expressions with huge repetitions are refused as Go refuses them. The tests run on the
//! harness's threads (2 MiB stacks).

use tfvars_codegen::loader::load_sources;
use tfvars_codegen::source::SourceFile;
use tfvars_runtime::check::check;
use tfvars_runtime::json::{parse_json_value, parse_tfvars_json, MAX_DEPTH};
use tfvars_runtime::output::{to_env_pair, to_hcl_expression, to_tfvars_hcl, to_tfvars_json};
use tfvars_runtime::{
    convert, CheckOptions, Diagnostic, InputVariable, ModuleSpec, TerraformVersion, Type, Value,
};

const DEPTHS: [usize; 3] = [10_000, 50_000, 100_000];

const TOO_DEEP: &str = "Nesting too deep: arrays and objects may be nested at most 128 levels deep";

fn wrap(n: usize, open: &str, inner: &str, close: &str) -> String {
    let mut s = String::with_capacity(n * (open.len() + close.len()) + inner.len());
    for _ in 0..n {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..n {
        s.push_str(close);
    }
    s
}

fn located(diags: &[Diagnostic]) -> Vec<String> {
    diags
        .iter()
        .map(|d| {
            let loc = d
                .location
                .as_ref()
                .map(|l| l.to_string())
                .unwrap_or_default();
            format!("{loc}: {}: {}", d.summary, d.detail.trim_end_matches('.'))
        })
        .collect()
}

fn module(text: &str) -> ModuleSpec {
    let file = SourceFile::new("main.tf", "main.tf", text.to_string());
    load_sources("limits", vec![file])
        .expect("the module loads")
        .spec
}

const OPTIONS: CheckOptions = CheckOptions {
    version: TerraformVersion::V1_11,
    files: None,
};

#[test]
fn deep_tfvars_json_is_one_located_error() {
    for n in DEPTHS {
        // `{"x": ` then the 128th array, the 129th level counting the document's object.
        let arrays = format!("{{\"x\": {}}}", wrap(n, "[", "1", "]"));
        let got = located(&parse_tfvars_json(&arrays, "x.tfvars.json").unwrap_err());
        assert_eq!(got, [format!("x.tfvars.json:1:{}: {TOO_DEEP}", 7 + 127)]);

        let objects = format!("{{\"x\": {}}}", wrap(n, "{\"a\": ", "1", "}"));
        let got = located(&parse_tfvars_json(&objects, "x.tfvars.json").unwrap_err());
        assert_eq!(
            got,
            [format!("x.tfvars.json:1:{}: {TOO_DEEP}", 7 + 127 * 6)]
        );

        // Arrays across lines: the line of the first level too deep.
        let lines = format!("{{\"x\":\n{}}}", wrap(n, "[\n", "1", "]"));
        let got = located(&parse_tfvars_json(&lines, "x.tfvars.json").unwrap_err());
        assert_eq!(got, [format!("x.tfvars.json:129:1: {TOO_DEEP}")]);

        // A value on its own (the `TF_VAR_`/`-var` path).
        let value = wrap(n, "[", "1", "]");
        let got = located(&parse_json_value(&value, "TF_VAR_x").unwrap_err());
        assert_eq!(got, [format!("TF_VAR_x:1:129: {TOO_DEEP}")]);
    }
}

/// A declared type `depth` lists deep around `string`.
fn nested_list(depth: usize) -> Type {
    (0..depth).fold(Type::String, |t, _| Type::list(t))
}

#[test]
fn values_at_the_limit_convert_validate_and_write() {
    // The deepest value a `.tfvars.json` may hold under its variable.
    let depth = MAX_DEPTH - 1;
    let text = format!("{{\"x\": {}, \"l\": {}}}", wrap(depth, "[", "1", "]"), {
        wrap(depth - 1, "{\"a\": ", "[\"s\"]", "}")
    });
    let inputs = parse_tfvars_json(&text, "x.tfvars.json").expect("parses");
    let spec = module(
        "variable \"x\" {\n  type = any\n  validation {\n    condition = length(jsonencode(var.x)) > 0 && var.x != null\n    error_message = \"m\"\n  }\n}\n\
         variable \"l\" {\n  type = map(any)\n  validation {\n    condition = can(jsondecode(jsonencode(var.l)))\n    error_message = \"m\"\n  }\n}\n",
    );
    let checked = check(&spec, &inputs, &OPTIONS);
    assert!(checked.is_ok(), "{}", checked.report);
    assert!(matches!(checked.values["l"], Value::Map(..)));

    let x = &inputs[0].value;
    let json = to_tfvars_json([("x", x)]);
    assert_eq!(json.matches('[').count(), depth);
    let back = parse_tfvars_json(&json, "back.tfvars.json").expect("reads back");
    assert_eq!(&back[0].value, x);
    assert_eq!(to_tfvars_hcl([("x", x)]).matches('[').count(), depth);
    assert_eq!(to_hcl_expression(x).matches('[').count(), depth);
    let x_spec = spec.variables.iter().find(|v| v.name == "x").unwrap();
    assert!(to_env_pair(x_spec, x).is_ok());

    // Against a declared type as deep as the value: strings at the bottom.
    let converted = convert(x, &nested_list(depth)).expect("converts");
    let mut v = &converted;
    for _ in 0..depth {
        match v {
            Value::List(_, items) => v = &items[0],
            other => panic!("a list expected, got {other:?}"),
        }
    }
    assert_eq!(v, &Value::String("1".into()));
    // One level short: Terraform's message walks down to the bottom.
    let err = convert(x, &nested_list(depth - 1)).unwrap_err();
    assert_eq!(
        err.message(),
        format!("{}string required", "element 0: ".repeat(depth - 1))
    );
}

#[test]
fn deep_strings_given_to_jsondecode_are_errors() {
    let spec = module(
        "variable \"s\" {\n  type = string\n  validation {\n    condition = can(jsondecode(var.s))\n    error_message = \"not JSON\"\n  }\n}\n",
    );
    for n in DEPTHS {
        let inputs = vec![InputVariable {
            name: "s".into(),
            value: Value::String(wrap(n, "[", "1", "]")),
            location: None,
            source: Default::default(),
        }];
        let checked = check(&spec, &inputs, &OPTIONS);
        let errors: Vec<&str> = checked.report.errors().map(|d| d.detail.as_str()).collect();
        assert_eq!(errors.len(), 1);
        assert!(errors[0].contains("not JSON"), "{errors:?}");
    }
}

/// What a validation `regex(var.p, "a")` says for pattern `p`: `Ok(true)` when it matched,
/// `Ok(false)` when it did not, and the error otherwise.
fn regex_verdicts(patterns: &[&str]) -> Vec<Result<bool, String>> {
    let spec = module(
        "variable \"p\" {\n  type = string\n  validation {\n    condition = regex(var.p, \"aaaa\") != \"\"\n    error_message = \"no match\"\n  }\n}\n",
    );
    patterns
        .iter()
        .map(|p| {
            let inputs = vec![InputVariable {
                name: "p".into(),
                value: Value::String(p.to_string()),
                location: None,
                source: Default::default(),
            }];
            let checked = check(&spec, &inputs, &OPTIONS);
            let verdict = match checked.report.errors().next() {
                None => Ok(true),
                Some(d) if d.detail.contains("did not match") => Ok(false),
                Some(d) => Err(d.detail.clone()),
            };
            verdict
        })
        .collect()
}

#[test]
fn huge_repetitions_are_refused_as_go_refuses_them() {
    // Terraform 1.11.4 (Go's regexp): a repeat count is at most 1000, and nested repeats may
    // not multiply past 1000 copies of what they repeat.
    let got = regex_verdicts(&[
        "a{1000}",
        "a{1001}",
        "(a{1000}){1000}",
        "(a{2}){2}",
        "((a{10}){10}){10}",
        "((a{10}){10}){11}",
        "(\\pL{1000}){2}",
        "(?:a{2,}){501}",
        "(a{0}){1001}",
    ]);
    let invalid = |op: &str| {
        Err(format!(
            "invalid regexp pattern: invalid repeat count in {op}"
        ))
    };
    let want_prefix: Vec<Result<bool, String>> = vec![
        Ok(false),
        invalid("{1001}"),
        invalid("{1000}"),
        Ok(true),
        Ok(false),
        invalid("{11}"),
        invalid("{2}"),
        invalid("{501}"),
        invalid("{1001}"),
    ];
    for (i, (got, want)) in got.iter().zip(&want_prefix).enumerate() {
        match (got, want) {
            (Err(g), Err(w)) => assert!(g.contains(w.as_str()), "case {i}: {g}"),
            _ => assert_eq!(got, want, "case {i}"),
        }
    }
}

#[test]
fn big_patterns_give_an_error_or_an_answer() {
    // Each is valid in Go. Rust's 10 MB limit on a compiled pattern refuses the first (a
    // Unicode class repeated 1000 times) with an error; none hangs.
    let big = ["\\pL{1000}", "[a-z]{1000}[0-9]{1000}", "(\\w{100}){10}"];
    for (p, got) in big.iter().zip(regex_verdicts(&big)) {
        match got {
            Ok(matched) => assert!(!matched, "{p}"),
            Err(e) => assert!(e.contains("invalid regexp pattern"), "{p}: {e}"),
        }
    }
}
