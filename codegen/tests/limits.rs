//! Hostile nesting: modules, `.tf.json` files and `.tfvars` values nested 10,000, 50,000 and
//! 100,000 levels deep give one located error, never a stack overflow; inputs at the limits
//! load, render and validate. The tests run on the harness's threads (2 MiB stacks).
//!
//! The limits (Terraform 1.11.4 accepts 10,000 nested levels and overflows its 1 GB stack at
//! 100,000; we stop much earlier, far above what real modules write):
//! - HCL (`.tf`, `.tfvars`, strings of `.tf.json`): hcl-edit's 64 nested levels of
//!   expressions, templates and blocks under an attribute, and 128 binary operators on one path;
//! - traversals (`a.b[0].c`): 256 steps, the lowering's expression depth;
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

const NESTING: &str =
    "Expression too deeply nested: expressions, templates and blocks may nest at most 64 levels deep";
const OPERATORS: &str =
    "Expression too deeply nested: expressions may chain at most 128 binary operators";
const TRAVERSAL: &str =
    "Expression too deeply nested: expressions may nest at most 256 levels deep";
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
        ("parens", wrap(n, "(", "1", ")"), [77, 80, 84, 70]),
        ("not", format!("{}true", "!".repeat(n)), [77, 80, 84, 70]),
        (
            "negation",
            format!("{}1", "- ".repeat(n)),
            [141, 143, 147, 135],
        ),
        ("tuples", wrap(n, "[", "1", "]"), [77, 80, 84, 70]),
        ("objects", wrap(n, "{a = ", "1", "}"), [329, 328, 332, 326]),
        ("calls", wrap(n, "max(", "1", ")"), [269, 269, 273, 265]),
        (
            "templates",
            wrap(n, "\"${", "1", "}\""),
            [205, 206, 210, 200],
        ),
        (
            "conditionals",
            format!("{}1", "true ? 1 : ".repeat(n)),
            [713, 706, 710, 716],
        ),
        (
            "for",
            wrap(n, "[for v in ", "[1]", " : v]"),
            [653, 647, 651, 655],
        ),
        (
            "indexes",
            format!("[1]{}", "[0]".repeat(n)),
            [781, 782, 789, 773],
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
            [format!("main.tf:3:527: {OPERATORS}")]
        );
        let all = vec!["var.x"; n].join(" && ");
        assert_eq!(
            problems("main.tf", &condition_of(&all)),
            [format!("main.tf:4:1175: {OPERATORS}")]
        );
    }
}

#[test]
fn deep_type_constraints_are_located_errors() {
    for n in DEPTHS {
        for (ty, col) in [
            (wrap(n, "list(", "string", ")"), 330),
            (wrap(n, "map(set(", "string", "))"), 266),
            (wrap(n, "tuple([", "string", "])"), 234),
            (wrap(n, "object({a = ", "string", "})"), 390),
            (wrap(n, "object({a = optional(", "string", ")})"), 458),
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
        // The 65th block, on line 66.
        assert_eq!(
            problems("main.tf", &text),
            [format!("main.tf:66:3: {NESTING}")]
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
            // Strings are HCL: located at the string.
            (
                variable(format!("\"type\": \"{}\"", wrap(n, "list(", "string", ")"))),
                "main.tf.json:1:29: Invalid expression: invalid nesting depth; expected at most \
                 64 nested levels"
                    .to_string(),
            ),
            (
                variable(format!(
                    "\"validation\": [{{\"condition\": \"${{{} == var.x}}\", \"error_message\": \"m\"}}]",
                    wrap(n, "(", "1", ")")
                )),
                "main.tf.json:1:50: Invalid template: invalid nesting depth; expected at most 64 \
                 nested levels"
                    .to_string(),
            ),
            (
                variable(format!(
                    "\"validation\": [{{\"condition\": \"${{var.x == 1}}\", \"error_message\": \"{}\"}}]",
                    wrap(n, "${\\\"", "m", "\\\"}")
                )),
                "main.tf.json:1:84: Invalid template: invalid nesting depth; expected at most 64 \
                 nested levels"
                    .to_string(),
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
        assert_eq!(got, [format!("x.tfvars:1:519: {OPERATORS}")]);
    }
}

/// A module at every limit at once: types, defaults and conditions as deep as they may be.
fn module_at_the_limits() -> String {
    // 63 levels under the attribute, the deepest hcl-edit accepts.
    let list_type = wrap(63, "list(", "string", ")");
    let object_type = wrap(
        19,
        "object({a = optional(",
        "object({a = optional(string, \"d\")})",
        ", {})})",
    );
    let tuple_default = wrap(63, "[", "\"v\"", "]");
    let for_default = wrap(31, "[for v in ", "[1]", " : v]");
    let ands = vec!["var.x != null"; 64].join(" && ");
    let template = wrap(62, "\"${", "\"m\"", "}\"");
    let traversal = format!("var.x{}", "[0]".repeat(63));
    format!(
        "variable \"x\" {{\n  type = {list_type}\n  default = {tuple_default}\n  validation {{\n    \
         condition = {ands}\n    error_message = {template}\n  }}\n  validation {{\n    \
         condition = {traversal} == \"v\"\n    error_message = \"deep\"\n  }}\n}}\n\
         variable \"o\" {{\n  type = {object_type}\n  default = {{}}\n}}\n\
         variable \"f\" {{\n  type = any\n  default = {for_default}\n}}\n"
    )
}

#[test]
fn a_module_at_the_limits_loads_renders_and_validates() {
    let module = load_text("main.tf", &module_at_the_limits()).expect("loads");
    assert_eq!(module.variables().len(), 3);

    let schema = render(&module, &SchemaOptions::new()).expect("renders");
    assert!(schema.text.len() > 63 * 20, "{}", schema.text.len());
    let expansion = Settings::new()
        .terraform_version(TerraformVersion::V1_11)
        .expand_module(module.clone())
        .expect("expands");
    assert!(!expansion.tokens().is_empty());

    // The defaults pass; a value as deep as the type passes; a value that differs at the
    // bottom is rejected by the traversal rule, named by its message.
    let options = CheckOptions {
        version: TerraformVersion::V1_11,
    };
    let checked = check(&module.spec, &[], &options);
    assert!(checked.is_ok(), "{}", checked.report);
    let deep = |leaf: &str| format!("{{\"x\": {}}}", wrap(63, "[", leaf, "]"));
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
        &format!("x = {}\n", wrap(63, "[", "\"v\"", "]")),
        "x.tfvars",
    )
    .expect("parses");
    assert!(check(&module.spec, &inputs, &options).is_ok());
}
