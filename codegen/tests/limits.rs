//! Hostile nesting: modules, `.tf.json` files and `.tfvars` values nested 10,000, 50,000 and
//! 100,000 levels deep give one located error, never a stack overflow; inputs at the limits
//! load, render and validate. The tests run on the harness's threads (2 MiB stacks).
//!
//! The limits (Terraform 1.11.4 accepts 10,000 nested levels and overflows its 1 GB stack at
//! 100,000; we stop much earlier, far above what real modules write):
//! - HCL (`.tf`, `.tfvars`, strings of `.tf.json`): the parser reads 256 nested levels of
//!   expressions, templates and blocks (each binary operator on one path is a level);
//! - lowered expressions (traversal steps included) nest at most 200 levels, as deep as the
//!   runtime evaluates; type constraints at most 128;
//! - JSON (`.tf.json`, `.tfvars.json`): 128 nested arrays and objects.

use tfvars_codegen::loader::load_sources;
use tfvars_codegen::schema::{render, SchemaOptions};
use tfvars_codegen::source::SourceFile;
use tfvars_codegen::tfvars_hcl::parse_tfvars;
use tfvars_codegen::{LoadError, Module, Settings};
use tfvars_runtime::check::check;
use tfvars_runtime::json::parse_tfvars_json;
use tfvars_runtime::{CheckOptions, Diagnostic, TerraformVersion};

const DEPTHS: [usize; 3] = [10_000, 50_000, 100_000];

const NESTING: &str = "Expression too deeply nested: Expressions, templates and blocks may nest \
                       at most 256 levels deep";
const TRAVERSAL: &str =
    "Expression too deeply nested: expressions may nest at most 200 levels deep";
const JSON_NESTING: &str =
    "Nesting too deep: arrays and objects may be nested at most 128 levels deep";

fn load_text(name: &str, text: &str) -> Result<Module, LoadError> {
    load_sources("deep", vec![SourceFile::new(name, name, text.to_string())])
}

/// The problems of a module that must not load, as `file:line:col: message`.
fn problems(name: &str, text: &str) -> Vec<String> {
    let err = load_text(name, text).expect_err("a module nested this deep must not load");
    err.problems
        .iter()
        .map(|p| match &p.location {
            Some(loc) => format!("{loc}: {}", p.message),
            None => p.message.clone(),
        })
        .collect()
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

/// Expressions nested `n` deep, with the columns where the error is reported when the
/// expression is a default (line 3), the left side of a condition (line 4), an error message
/// (line 5) or a `.tfvars` value (line 1, one level less deep: not in a block): the first level
/// past the limit.
fn deep_expressions(n: usize) -> Vec<(&'static str, String, [usize; 4])> {
    vec![
        ("parens", wrap(n, "(", "1", ")"), [268, 271, 275, 261]),
        (
            "not",
            format!("{}true", "!".repeat(n)),
            [267, 270, 274, 260],
        ),
        (
            "negation",
            format!("{}1", "- ".repeat(n)),
            [521, 523, 527, 515],
        ),
        ("tuples", wrap(n, "[", "1", "]"), [268, 271, 275, 261]),
        (
            "objects",
            wrap(n, "{a = ", "1", "}"),
            [1284, 1283, 1287, 1281],
        ),
        ("calls", wrap(n, "max(", "1", ")"), [1033, 1033, 1037, 1029]),
        (
            "templates",
            wrap(n, "\"${", "1", "}\""),
            [778, 779, 783, 773],
        ),
        (
            "conditionals",
            format!("{}1", "true ? 1 : ".repeat(n)),
            [2814, 2807, 2811, 2817],
        ),
        (
            "for",
            wrap(n, "[for v in ", "[1]", " : v]"),
            [2563, 2557, 2561, 2565],
        ),
        (
            "indexes",
            format!("[1]{}", "[0]".repeat(n)),
            [613, 614, 621, 605],
        ),
    ]
}

fn default_of(expr: &str) -> String {
    format!("variable \"x\" {{\n  type = any\n  default = {expr}\n}}\n")
}

fn condition_of(expr: &str) -> String {
    format!(
        "variable \"x\" {{\n  type = any\n  validation {{\n    condition = {expr} == var.x\n    \
         error_message = \"m\"\n  }}\n}}\n"
    )
}

fn message_of(expr: &str) -> String {
    format!(
        "variable \"x\" {{\n  type = any\n  validation {{\n    condition = var.x != null\n    \
         error_message = {expr}\n  }}\n}}\n"
    )
}

#[test]
fn deep_defaults_conditions_and_messages_are_located_errors() {
    for n in DEPTHS {
        for (name, expr, [default_col, condition_col, message_col, _]) in deep_expressions(n) {
            let message = if name == "indexes" {
                TRAVERSAL
            } else {
                NESTING
            };
            for (text, line, col) in [
                (default_of(&expr), 3, default_col),
                (condition_of(&expr), 4, condition_col),
                (message_of(&expr), 5, message_col),
            ] {
                assert_eq!(
                    problems("main.tf", &text),
                    [format!("main.tf:{line}:{col}: {message}")],
                    "{name} nested {n} deep, line {line}"
                );
            }
        }
    }
}

#[test]
fn long_operator_chains_are_located_errors() {
    for n in DEPTHS {
        let sum = vec!["1"; n].join(" + ");
        assert_eq!(
            problems("main.tf", &default_of(&sum)),
            [format!("main.tf:3:1031: {NESTING}")]
        );
        let all = vec!["var.x"; n].join(" && ");
        assert_eq!(
            problems("main.tf", &condition_of(&all)),
            [format!("main.tf:4:2300: {NESTING}")]
        );
    }
}

#[test]
fn deep_type_constraints_are_located_errors() {
    for n in DEPTHS {
        for (ty, col) in [
            (wrap(n, "list(", "string", ")"), 1285),
            (wrap(n, "map(set(", "string", "))"), 1030),
            (wrap(n, "tuple([", "string", "])"), 905),
            (wrap(n, "object({a = ", "string", "})"), 1541),
            (wrap(n, "object({a = optional(", "string", ")})"), 1795),
        ] {
            let text = format!("variable \"x\" {{\n  type = {ty}\n}}\n");
            assert_eq!(
                problems("main.tf", &text),
                [format!("main.tf:2:{col}: {NESTING}")],
                "{}",
                &ty[..40]
            );
        }
    }
}

#[test]
fn deep_blocks_are_located_errors() {
    for n in DEPTHS {
        let text = format!("variable \"x\" {{}}\n{}\n", wrap(n, "a {\n", "", "}\n"));
        // The 257th block, on line 258; and, as Terraform says of the outermost one (it has no
        // nesting limit, and says nothing more), `a` is no block type of a module.
        assert_eq!(
            problems("main.tf", &text),
            [
                "main.tf:2:1: Unsupported block type: Blocks of type \"a\" are not expected here"
                    .to_string(),
                format!("main.tf:258:3: {NESTING}")
            ]
        );
    }
}

#[test]
fn deep_tf_json_is_a_located_error() {
    let variable = |body: String| format!("{{\"variable\": {{\"x\": {{{body}}}}}}}\n");
    for n in DEPTHS {
        let cases = [
            // Three objects around the default, then the 126th array.
            (
                variable(format!("\"default\": {}", wrap(n, "[", "1", "]"))),
                format!("main.tf.json:1:157: {JSON_NESTING}"),
            ),
            (
                variable(format!("\"default\": {}", wrap(n, "{\"a\": ", "1", "}"))),
                format!("main.tf.json:1:782: {JSON_NESTING}"),
            ),
            // Strings are HCL: located inside the string.
            (
                variable(format!("\"type\": \"{}\"", wrap(n, "list(", "string", ")"))),
                format!("main.tf.json:1:1309: {NESTING}"),
            ),
            (
                variable(format!(
                    "\"validation\": [{{\"condition\": \"${{{} == var.x}}\", \"error_message\": \"m\"}}]",
                    wrap(n, "(", "1", ")")
                )),
                format!("main.tf.json:1:309: {NESTING}"),
            ),
            (
                variable(format!(
                    "\"validation\": [{{\"condition\": \"${{var.x == 1}}\", \"error_message\": \"{}\"}}]",
                    wrap(n, "${\\\"", "m", "\\\"}")
                )),
                format!("main.tf.json:1:84: {NESTING}"),
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(
                problems("main.tf.json", &text),
                [expected],
                "{}",
                &text[..60]
            );
        }
    }
}

#[test]
fn deep_tfvars_values_are_located_errors() {
    for n in DEPTHS {
        for (name, expr, [.., col]) in deep_expressions(n) {
            let text = format!("x = {expr}\n");
            let message = if name == "indexes" {
                // A traversal of a tuple is not a reference: it is evaluated, and stops at the
                // lowering's depth limit.
                TRAVERSAL.to_string()
            } else {
                NESTING.to_string()
            };
            let got = located(&parse_tfvars(&text, "x.tfvars").expect_err(name));
            assert_eq!(got, [format!("x.tfvars:1:{col}: {message}")], "{name} {n}");
        }
        let text = format!("x = {}\n", vec!["1"; n].join(" + "));
        let got = located(&parse_tfvars(&text, "x.tfvars").expect_err("chain"));
        assert_eq!(got, [format!("x.tfvars:1:1027: {NESTING}")]);
    }
}

const FORS: usize = 198;
const ANDS: usize = 199;
const TEMPLATES: usize = 199;

/// A module at every limit at once: types, defaults and conditions as deep as they may be.
fn module_at_the_limits() -> String {
    module_past_the_limits([0; 3])
}

/// The module at the limits with `past` more levels of `for`, `&&` and templates.
fn module_past_the_limits([fors, ands, templates]: [usize; 3]) -> String {
    // 127 levels of type under the attribute, the deepest a type constraint may be.
    let list_type = wrap(127, "list(", "string", ")");
    let object_type = wrap(
        19,
        "object({a = optional(",
        "object({a = optional(string, \"d\")})",
        ", {})})",
    );
    let tuple_default = wrap(127, "[", "\"v\"", "]");
    let for_default = wrap(FORS + fors, "[for v in ", "[1]", " : v]");
    let ands = vec!["var.x != null"; ANDS + ands].join(" && ");
    let template = wrap(TEMPLATES + templates, "\"${", "\"m\"", "}\"");
    let traversal = format!("var.x{}", "[0]".repeat(127));
    format!(
        "variable \"x\" {{\n  type = {list_type}\n  default = {tuple_default}\n  validation {{\n    \
         condition = {ands}\n    error_message = {template}\n  }}\n  validation {{\n    \
         condition = {traversal} == \"v\"\n    error_message = \"deep\"\n  }}\n}}\n\
         variable \"o\" {{\n  type = {object_type}\n  default = {{}}\n}}\n\
         variable \"f\" {{\n  type = any\n  default = {for_default}\n}}\n"
    )
}

#[test]
fn one_level_past_each_limit_is_a_located_error() {
    for (past, line) in [([1, 0, 0], 19), ([0, 1, 0], 5), ([0, 0, 1], 6)] {
        let problems = problems("main.tf", &module_past_the_limits(past));
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].starts_with(&format!("main.tf:{line}:"))
                && problems[0].ends_with(TRAVERSAL),
            "{problems:?}"
        );
    }
}

#[test]
fn a_module_at_the_limits_loads_renders_and_validates() {
    let module = load_text("main.tf", &module_at_the_limits()).expect("loads");
    assert_eq!(module.variables().len(), 3);

    let schema = render(&module, &SchemaOptions::new()).expect("renders");
    assert!(schema.text.len() > 127 * 20, "{}", schema.text.len());
    let expansion = Settings::new()
        .terraform_version(TerraformVersion::V1_11)
        .expand_module(module.clone())
        .expect("expands");
    assert!(!expansion.tokens().is_empty());

    // The defaults pass; a value as deep as the type passes; a value that differs at the
    // bottom is rejected by the traversal rule, named by its message.
    let options = CheckOptions {
        version: TerraformVersion::V1_11,
        files: None,
    };
    let checked = check(&module.spec, &[], &options);
    assert!(checked.is_ok(), "{}", checked.report);
    let deep = |leaf: &str| format!("{{\"x\": {}}}", wrap(127, "[", leaf, "]"));
    let inputs = parse_tfvars_json(&deep("\"v\""), "x.tfvars.json").expect("parses");
    let checked = check(&module.spec, &inputs, &options);
    assert!(checked.is_ok(), "{}", checked.report);
    let inputs = parse_tfvars_json(&deep("\"w\""), "x.tfvars.json").expect("parses");
    let checked = check(&module.spec, &inputs, &options);
    assert!(!checked.is_ok());
    assert!(
        checked.report.to_string().contains("deep"),
        "{}",
        checked.report
    );

    // The same value from a `.tfvars` file.
    let inputs = parse_tfvars(
        &format!("x = {}\n", wrap(127, "[", "\"v\"", "]")),
        "x.tfvars",
    )
    .expect("parses");
    assert!(check(&module.spec, &inputs, &options).is_ok());
}
