//! Reading `.tfvars` files (HCL native syntax): attributes only, constant values.

use std::ops::Range;

use tfvars_runtime::{Diagnostic, InputVariable, Location, Severity};

use crate::lower::{constant_errors, evaluate_constant_in, ConstantError};
use crate::source::SourceFile;

/// Parses a `.tfvars` file whose every value counts. `file` names it in locations. Every
/// problem is reported: the file's own ([`read_tfvars`]: syntax errors, blocks, attributes set
/// twice), or when it has none, every value's (function calls, references, evaluation errors).
pub fn parse_tfvars(text: &str, file: &str) -> Result<Vec<InputVariable>, Vec<Diagnostic>> {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for v in read_tfvars(text, file)? {
        match v.value {
            Ok(input) => out.push(input),
            Err(diags) => errors.extend(diags),
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// One `name = value` of a `.tfvars` file, its value evaluated on its own.
#[derive(Clone, Debug, PartialEq)]
pub struct TfvarsValue {
    /// The variable name.
    pub name: String,
    /// The value, or why it has none: function calls, references, evaluation errors.
    pub value: Result<InputVariable, Vec<Diagnostic>>,
}

/// Reads a `.tfvars` file as Terraform does before it knows which values count. The file's own
/// problems are the error: syntax errors, blocks and attributes set twice (when there are any,
/// Terraform evaluates nothing). Each value is evaluated on its own and keeps its errors, since
/// Terraform evaluates only the value of a variable that counts (a later source may replace
/// it), and drops a value for an undeclared variable that fails without a word.
pub fn read_tfvars(text: &str, file: &str) -> Result<Vec<TfvarsValue>, Vec<Diagnostic>> {
    let src = SourceFile::new(file, file, text.to_string()).without_bom();
    let text = src.text.as_str();
    let mut diags = Vec::new();
    let arena = tfvars_hcl::Arena::for_text(text.len());
    let parsed = tfvars_hcl::parse_body(&arena, text, file);
    if !parsed.diagnostics.is_empty() {
        let mut errs: Vec<Diagnostic> = parsed
            .diagnostics
            .into_iter()
            .map(|d| syntax_error(&src, d, None))
            .collect();
        // Terraform shows diagnostics in order of position.
        errs.sort_by(|a, b| a.location.cmp(&b.location));
        return Err(errs);
    }
    let body = parsed.value;
    for block in body.blocks() {
        let kind = block.kind;
        let (summary, detail) = match (kind, block.labels) {
            // Terraform's advice for a `variable "name" { … }` declaration.
            ("variable", [label]) => (
                "Variable declaration in .tfvars file".to_string(),
                format!(
                    "A .tfvars file is used to assign values to variables that have already \
                     been declared in .tf files, not to declare new variables. To declare \
                     variable \"{name}\", place this block in one of your .tf files, such as \
                     variables.tf.\n\nTo set a value for this variable in {file}, use the \
                     definition syntax instead:\n    {name} = <value>",
                    name = label.value,
                ),
            ),
            _ => (
                format!("Unexpected \"{kind}\" block"),
                "Blocks are not allowed here.".to_string(),
            ),
        };
        let at = src.location_spanning(Some(block.kind_span.range()));
        diags.push(error_at(at, &summary, detail, None));
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let values = body.attributes().map(|attr| {
        let name = attr.name;
        let value = match evaluate_constant_in(&attr.expr, Some(&src)) {
            Ok(value) => Ok(InputVariable {
                name: name.to_string(),
                value,
                // Terraform points at the value (a conversion or validation error).
                location: Some(Location::spanning(
                    src.name.clone(),
                    src.range(attr.expr.span.range()),
                )),
                source: Default::default(),
            }),
            Err(e) => Err(value_errors(&src, &attr.expr, e, name)),
        };
        TfvarsValue {
            name: name.to_string(),
            value,
        }
    });
    Ok(values.collect())
}

/// Parses the text of a `TF_VAR_name` variable or a `-var 'name=text'` option given to a
/// variable of a complex type (or `any`): one constant HCL expression, as Terraform reads it.
/// Locations name the file `<value for var.NAME>`, as Terraform's do.
pub fn parse_tfvars_value(text: &str, name: &str) -> Result<InputVariable, Vec<Diagnostic>> {
    let file = format!("<value for var.{name}>");
    let src = SourceFile::new(file.as_str(), file.as_str(), text.to_string());
    let arena = tfvars_hcl::Arena::new();
    let parsed = tfvars_hcl::parse_expression(&arena, &src.text, &file);
    if !parsed.diagnostics.is_empty() {
        return Err(parsed
            .diagnostics
            .into_iter()
            .map(|d| syntax_error(&src, d, Some(name)))
            .collect());
    }
    match evaluate_constant_in(&parsed.value, Some(&src)) {
        Ok(value) => Ok(InputVariable {
            name: name.to_string(),
            value,
            location: None,
            source: Default::default(),
        }),
        Err(e) => Err(value_errors(&src, &parsed.value, e, name)),
    }
}

/// A syntax error of a variables file or text, with its whole range.
fn syntax_error(src: &SourceFile, d: tfvars_hcl::Diagnostic, name: Option<&str>) -> Diagnostic {
    let at = src.location_spanning(Some(d.span.range()));
    error_at(at, &d.summary, d.detail, name)
}

/// An error of a variables file or text, at `location`, about the variable `name` if known.
fn error_at(location: Location, summary: &str, detail: String, name: Option<&str>) -> Diagnostic {
    Diagnostic {
        severity: Severity::Error,
        summary: summary.to_string(),
        detail,
        variable: name.map(str::to_string),
        path: String::new(),
        location: Some(location),
    }
}

/// The errors of the value `expr` of the variable `name`, read from `src`, that has none: its
/// refused references and calls, or its evaluation errors, each where Terraform points (see
/// [`constant_errors`]).
fn value_errors(
    src: &SourceFile,
    expr: &tfvars_hcl::Expr,
    e: ConstantError,
    name: &str,
) -> Vec<Diagnostic> {
    let at = |span: Option<Range<usize>>| src.location_spanning(span);
    match e {
        ConstantError::Lowering(errs, _) => errs
            .into_iter()
            .map(|e| error_at(at(e.span.clone()), &e.summary, e.sentence(), Some(name)))
            .collect(),
        ConstantError::Evaluation(e) => constant_errors(expr, e)
            .into_iter()
            .map(|l| error_at(at(l.span), &l.summary, l.detail, Some(name)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfvars_runtime::{Number, Value};

    /// The `line:column summary` of every error reading `text` as a one-line file.
    fn located_summaries(text: &str) -> Vec<String> {
        parse_tfvars(&format!("{text}\n"), "x.tfvars")
            .unwrap_err()
            .iter()
            .map(|d| {
                let l = d.location.as_ref().unwrap();
                format!("{}:{} {}", l.line, l.column, d.summary)
            })
            .collect()
    }

    #[test]
    fn values() {
        let vars = parse_tfvars(
            "a = \"x${1 + 1}\"\nb = 9007199254740993\nc = [for i in [1, 2] : i * 2]\n# comment\nd = \"e\\u0301\"\n",
            "x.tfvars",
        )
        .unwrap();
        assert_eq!(vars[0].value, Value::String("x2".into()));
        assert_eq!(
            vars[1].value,
            Value::Number(Number::parse_json("9007199254740993").unwrap())
        );
        assert_eq!(
            vars[1].location.as_ref().unwrap().to_string(),
            "x.tfvars:2:5"
        );
        assert_eq!(vars[3].value, Value::String("\u{e9}".into()));
        assert_eq!(vars.len(), 4);
    }

    fn shown(errs: &[Diagnostic]) -> Vec<String> {
        errs.iter()
            .map(|d| {
                let place = d.location.as_ref().unwrap();
                format!("{place} {}: {}", d.summary, d.detail)
            })
            .collect()
    }

    #[test]
    fn errors() {
        // A block is the file's own problem: Terraform 1.11.4 then evaluates no value.
        let errs =
            parse_tfvars("a = 1\nb { }\nc = upper(\"x\")\nd = var.x\n", "x.tfvars").unwrap_err();
        assert_eq!(
            shown(&errs),
            ["x.tfvars:2:1 Unexpected \"b\" block: Blocks are not allowed here."]
        );
        let errs = parse_tfvars("a = 1\nc = upper(\"x\")\nd = var.x\n", "x.tfvars").unwrap_err();
        assert_eq!(
            shown(&errs),
            [
                "x.tfvars:2:5 Function calls not allowed: Functions may not be called here.",
                "x.tfvars:3:5 Variables not allowed: Variables may not be used here.",
            ]
        );
        // Read before it is known which values count, each value keeps its own errors.
        let values = read_tfvars("a = 1\nc = upper(\"x\")\n", "x.tfvars").unwrap();
        assert_eq!(values.len(), 2);
        assert_eq!(
            values[0].value.as_ref().unwrap().value,
            Value::Number(1.into())
        );
        assert_eq!(
            shown(values[1].value.as_ref().unwrap_err()),
            ["x.tfvars:2:5 Function calls not allowed: Functions may not be called here."]
        );
    }

    #[test]
    fn variable_blocks_get_terraform_advice() {
        let errs = parse_tfvars("  variable \"s\" {\n  default = 1\n}\n", "x.tfvars").unwrap_err();
        assert_eq!(errs[0].summary, "Variable declaration in .tfvars file");
        assert_eq!(
            errs[0].location.as_ref().unwrap().to_string(),
            "x.tfvars:1:3"
        );
        assert!(errs[0]
            .detail
            .ends_with("To set a value for this variable in x.tfvars, use the definition syntax instead:\n    s = <value>"));
        let errs = parse_tfvars("variable \"a\" \"b\" {\n}\n", "x.tfvars").unwrap_err();
        assert_eq!(errs[0].summary, "Unexpected \"variable\" block");
    }

    #[test]
    fn evaluation_errors_point_where_terraform_points() {
        // Positions from Terraform 1.11.4 for the same values.
        let cases: &[(&str, &[&str])] = &[
            (
                "a = \"a\" < \"b\"",
                &["1:5 Invalid operand", "1:11 Invalid operand"],
            ),
            ("a = 1 + \"x\"", &["1:9 Invalid operand"]),
            (
                "a = { for v in [\"a\", \"a\"] : v => 1 }",
                &["1:29 Duplicate object key"],
            ),
            ("a = { k = 1 }.j", &["1:14 Unsupported attribute"]),
            ("a = [{ k = 1 }].k", &["1:16 Unsupported attribute"]),
            (
                "a = [for x in [1] : x if \"yes\"]",
                &["1:26 Invalid 'for' condition"],
            ),
            (
                "a = [for c in \"abc\" : c]",
                &["1:15 Iteration over non-iterable value"],
            ),
            ("a = [1, 2][0.5]", &["1:11 Invalid index"]),
            ("a = [1, 2][null]", &["1:11 Invalid index"]),
            ("a = [1][5]", &["1:8 Invalid index"]),
            (
                "s = \"x${[1]}\"",
                &["1:9 Invalid template interpolation value"],
            ),
            (
                "s = \"x${null}\"",
                &["1:9 Invalid template interpolation value"],
            ),
            (
                "l = [for i in null : i]",
                &["1:15 Iteration over null value"],
            ),
            (
                "l = [1, [for i in null : i]]",
                &["1:19 Iteration over null value"],
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(&located_summaries(text), expected, "{text}");
        }
        let errs = parse_tfvars("a = \"a\" < \"b\"\n", "x.tfvars").unwrap_err();
        assert_eq!(
            errs[1].detail,
            "Unsuitable value for right operand: a number is required."
        );
    }

    #[test]
    fn numbers_beyond_f64_are_exact() {
        // Terraform keeps `1e400` and beyond, exactly.
        let vars = parse_tfvars(
            "a = 1e400\nb = \"1e400\"\nc = [2e999, -3E+500]\n",
            "x.tfvars",
        )
        .unwrap();
        assert_eq!(
            vars[0].value,
            Value::Number(Number::parse_json("1e400").unwrap())
        );
        assert_eq!(vars[1].value, Value::String("1e400".into()));
        assert_eq!(
            vars[2].value,
            Value::Tuple(vec![
                Value::Number(Number::parse_json("2e999").unwrap()),
                Value::Number(Number::parse_json("-3e500").unwrap()),
            ])
        );
    }

    #[test]
    fn attribute_redefined() {
        let errs = parse_tfvars("a = 1\nb = 2\n  a = 3\n", "x.tfvars").unwrap_err();
        assert_eq!(errs[0].summary, "Attribute redefined");
        assert_eq!(
            errs[0].detail,
            "The argument \"a\" was already set at x.tfvars:1,1-2. Each argument may be set only once."
        );
        assert_eq!(
            errs[0].location.as_ref().unwrap().to_string(),
            "x.tfvars:3:3"
        );
    }

    #[test]
    fn byte_order_mark_is_skipped() {
        // Terraform reads a `.tfvars` (and a `.tf`) file that starts with a UTF-8 BOM, and
        // counts columns from after it.
        let vars = parse_tfvars("\u{feff}n = 1\nm = 2\n", "x.tfvars").unwrap();
        assert_eq!(vars[0].name, "n");
        assert_eq!(
            vars[0].location.as_ref().unwrap().to_string(),
            "x.tfvars:1:5"
        );
        let errs = parse_tfvars("\u{feff}n = [1\n", "x.tfvars").unwrap_err();
        assert_eq!(errs[0].location.as_ref().unwrap().line, 1);
    }

    #[test]
    fn keywords_and_repeated_keys_in_objects() {
        // Terraform: a bare keyword key is a name; a repeated key keeps the last value.
        let vars = parse_tfvars(
            "a = { true = 1, null = 2, for = 3, false = 4 }\nb = { k = 1, k = 2, \"k\" = 3, x = \"k = 9\" }\nc = { (true) = 1, 1 = 2 }\n",
            "x.tfvars",
        )
        .unwrap();
        let obj = |pairs: &[(&str, Value)]| {
            Value::Object(
                pairs
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.clone()))
                    .collect(),
            )
        };
        let n = |i: i64| Value::Number(Number::from(i));
        assert_eq!(
            vars[0].value,
            obj(&[
                ("true", n(1)),
                ("null", n(2)),
                ("for", n(3)),
                ("false", n(4))
            ])
        );
        assert_eq!(
            vars[1].value,
            obj(&[("k", n(3)), ("x", Value::String("k = 9".into()))])
        );
        assert_eq!(vars[2].value, obj(&[("true", n(1)), ("1", n(2))]));
    }

    /// Recorded from Terraform 1.11.4 (`terraform plan -json`): the file's own problems and the
    /// refused parts of values come with their whole ranges.
    #[test]
    fn problems_carry_their_ranges() {
        let ranges = |text: &str| -> Vec<String> {
            let errs = parse_tfvars(text, "x.tfvars").unwrap_err();
            errs.iter()
                .map(|d| {
                    let r = d.location.as_ref().unwrap().range.unwrap();
                    format!("{} {}", r.text_in("x.tfvars"), d.summary)
                })
                .collect()
        };
        assert_eq!(
            ranges("region  = upper(\"eu-west-1\")\nowner   = var.team\n"),
            [
                "x.tfvars:1,11-29 Function calls not allowed",
                "x.tfvars:2,11-14 Variables not allowed",
            ]
        );
        assert_eq!(
            ranges("a = 1\nb {}\n"),
            ["x.tfvars:2,1-2 Unexpected \"b\" block"]
        );
        assert_eq!(
            ranges("region = = 1\n"),
            ["x.tfvars:1,10-11 Invalid expression"]
        );
        assert_eq!(
            ranges("region = {a = 1 b = 2}\n"),
            ["x.tfvars:1,17-18 Missing attribute separator"]
        );
        assert_eq!(
            ranges("region = 1\nregion = 2\n"),
            ["x.tfvars:2,1-7 Attribute redefined"]
        );
    }

    /// Recorded from Terraform 1.11.4 (`terraform plan -json`): evaluation errors point at the
    /// part that failed, with its whole range, and every element's failure is reported.
    #[test]
    fn evaluation_errors_point_at_the_failing_part() {
        let text = "a = \"%{if null}x%{endif}\"\nb = \"%{for x in 5}x%{endfor}\"\nc = {(null) = 2}\nd = [for x in [\"a\", \"b\"] : x + 1]\n";
        let errs = parse_tfvars(text, "x.tfvars").unwrap_err();
        let got: Vec<String> = errs
            .iter()
            .map(|d| {
                let r = d.location.as_ref().unwrap().range.unwrap();
                format!("{} {}", r.text_in("x.tfvars"), d.summary)
            })
            .collect();
        assert_eq!(
            got,
            [
                "x.tfvars:1,11-15 Null condition",
                "x.tfvars:2,17-18 Iteration over non-iterable value",
                "x.tfvars:3,15-16 Null value as key",
                "x.tfvars:4,28-29 Invalid operand",
                "x.tfvars:4,28-29 Invalid operand",
            ]
        );
    }

    #[test]
    fn ambiguous_and_null_keys() {
        let errs = parse_tfvars(
            "a = { a.b = 1 }\nb = { (null) = 1 }\nc = { for = 1 }\n",
            "x.tfvars",
        )
        .unwrap_err();
        let got: Vec<String> = errs
            .iter()
            .map(|d| format!("{} {}", d.location.as_ref().unwrap(), d.summary))
            .collect();
        assert_eq!(got, ["x.tfvars:3:11 Invalid 'for' expression"]);
        let errs = parse_tfvars("a = [for, 1]\n", "x.tfvars").unwrap_err();
        assert_eq!(errs[0].summary, "Invalid 'for' expression");
        assert_eq!(
            errs[0].location.as_ref().unwrap().to_string(),
            "x.tfvars:1:9"
        );
        let errs = parse_tfvars("a = { a.b = 1 }\nb = { (null) = 1 }\n", "x.tfvars").unwrap_err();
        let got: Vec<String> = errs
            .iter()
            .map(|d| format!("{} {}", d.location.as_ref().unwrap(), d.summary))
            .collect();
        // Recorded from Terraform 1.11.4: a null key is reported at the item's value.
        assert_eq!(
            got,
            [
                "x.tfvars:1:7 Ambiguous attribute key",
                "x.tfvars:2:16 Null value as key"
            ]
        );
    }

    #[test]
    fn quoted_strings_may_not_span_lines() {
        // Terraform: every line break in a quoted string is an error, and the string is
        // unterminated at the first; line breaks inside `${…}` are fine.
        let errs = parse_tfvars("a = \"x\ny\nz\"\nb = \"${1 +\n2}\"\n", "x.tfvars").unwrap_err();
        let got: Vec<String> = errs
            .iter()
            .map(|d| format!("{} {}", d.location.as_ref().unwrap(), d.summary))
            .collect();
        assert_eq!(
            got,
            [
                "x.tfvars:1:7 Invalid multi-line string",
                "x.tfvars:1:7 Unterminated template string",
                "x.tfvars:2:2 Invalid multi-line string",
            ]
        );
        assert!(parse_tfvars("b = \"${1 +\n2}\"\nc = <<EOT\n\"a\nEOT\n", "x.tfvars").is_ok());
        // Comments after a string are not part of it.
        let vars = parse_tfvars(
            "a = \"x\" # c\nb = \"y${1}\" /* multi\nline */\nc = { \"k\" = \"v\" // c\n}\nd = [\"a\", # c\n\"b\"]\n",
            "x.tfvars",
        )
        .unwrap();
        assert_eq!(vars.len(), 4);
        // Only the first such string is unterminated for HCL's parser, which skips to its
        // closing quote: a directive opened before the line break is left without its end.
        let errs = parse_tfvars(
            "a = \"x%{ if true }\n%{ for v in [1] }y\n%{ endfor }x%{ endif }\"\nb = \"p\nq\"\n",
            "x.tfvars",
        )
        .unwrap_err();
        let got: Vec<String> = errs
            .iter()
            .map(|d| format!("{} {}", d.location.as_ref().unwrap(), d.summary))
            .collect();
        assert_eq!(
            got,
            [
                "x.tfvars:1:19 Invalid multi-line string",
                "x.tfvars:1:19 Unterminated template string",
                "x.tfvars:2:19 Invalid multi-line string",
                "x.tfvars:3:23 Unexpected end of template",
                "x.tfvars:4:7 Invalid multi-line string",
            ]
        );
        assert_eq!(
            errs[3].detail,
            "The if directive at x.tfvars:1,7-19 is missing its corresponding endif directive."
        );
    }

    #[test]
    fn hex_is_a_syntax_error() {
        // Terraform: the number ends at `0`, and the argument must end there.
        let errs = parse_tfvars("a = 0x10\n", "x.tfvars").unwrap_err();
        assert_eq!(errs[0].summary, "Missing newline after argument");
        assert_eq!(
            errs[0].detail,
            "An argument definition must end with a newline."
        );
        assert_eq!(
            errs[0].location.as_ref().unwrap().to_string(),
            "x.tfvars:1:6"
        );
    }

    #[test]
    fn syntax_errors_read_as_terraform_words_them() {
        // Each input's diagnostics (summary and start) as Terraform 1.11.4 reports them.
        let cases: &[(&str, &[&str])] = &[
            (
                "a = ~1",
                &["1:5 Unsupported operator", "1:5 Invalid expression"],
            ),
            (
                "a = 'x'",
                &["1:5 Invalid character", "1:5 Invalid expression"],
            ),
            (
                "a = 1;;",
                &[
                    "1:6 Invalid character",
                    "1:6 Missing newline after argument",
                ],
            ),
            (
                "a = 1 ^ 2",
                &[
                    "1:7 Unsupported operator",
                    "1:7 Missing newline after argument",
                ],
            ),
            (
                "a = @",
                &["1:5 Invalid character", "1:5 Invalid expression"],
            ),
            ("a = \"\\x\"", &["1:6 Invalid escape sequence"]),
            ("a = \"\\u12\"", &["1:6 Invalid escape sequence"]),
            ("a = \"\\U0001F\"", &["1:6 Invalid escape sequence"]),
            (
                "a = \"a",
                &[
                    "1:7 Invalid multi-line string",
                    "1:7 Unterminated template string",
                ],
            ),
            ("a = <<EOT", &["2:1 Unterminated template string"]),
            ("a = 1 +", &["1:8 Invalid expression"]),
            ("s =", &["1:4 Invalid expression"]),
            ("a = 1.", &["1:7 Invalid attribute name"]),
            ("a = x.", &["1:7 Invalid attribute name"]),
            ("a = 1 = 2", &["1:7 Missing newline after argument"]),
            ("a = [1, 2]...", &["1:11 Missing newline after argument"]),
            ("a", &["1:1 Argument or block definition required"]),
            ("a b", &["1:4 Invalid block definition"]),
            ("\"a\" = 1", &["1:1 Invalid argument name"]),
            ("a = f(1 2)", &["1:9 Missing argument separator"]),
            ("a = [1 2]", &["1:8 Missing item separator"]),
            ("a = {a = 1 b = 2}", &["1:12 Missing attribute separator"]),
            ("a = (1 2)", &["1:8 Unbalanced parentheses"]),
            ("a = (1", &["2:1 Unbalanced parentheses"]),
            (
                "a = ${1}",
                &["1:5 Invalid character", "1:5 Invalid expression"],
            ),
            ("a = { a 1 }", &["1:9 Missing key/value separator"]),
            ("a = f(1", &["1:5 Unterminated function call"]),
            (
                "a = [1, [2",
                &["1:9 Unterminated tuple constructor expression"],
            ),
            (
                "a = {a = [1",
                &["1:10 Unterminated tuple constructor expression"],
            ),
            (
                "b = 1\na = [1, 2",
                &["2:5 Unterminated tuple constructor expression"],
            ),
            ("a = {for x in [1]: x}", &["1:20 Invalid 'for' expression"]),
            ("a = 1e", &["1:6 Missing newline after argument"]),
            (
                "a = 1 & 2",
                &[
                    "1:7 Unsupported operator",
                    "1:7 Missing newline after argument",
                ],
            ),
            (
                "b = true && | false",
                &["1:13 Unsupported operator", "1:13 Invalid expression"],
            ),
            (
                "a = \"%{ if true }x\"",
                &["1:19 Unexpected end of template"],
            ),
            ("a = \"%{ endif }\"", &["1:6 Unexpected endif directive"]),
            ("a = \"%{ else }\"", &["1:6 Unexpected else directive"]),
            (
                "a = \"%{ for x in [1] }${x}%{ endif }\"",
                &["1:27 Unexpected endif directive"],
            ),
            (
                "a = \"%{ if true }x%{ endfor }\"",
                &["1:19 Unexpected endfor directive"],
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(&located_summaries(text), expected, "{text}");
        }
        let errs = parse_tfvars("a = \"%{ if true }x\"\n", "x.tfvars").unwrap_err();
        assert_eq!(
            errs[0].detail,
            "The if directive at x.tfvars:1,6-18 is missing its corresponding endif directive."
        );
        let errs =
            parse_tfvars("a = \"%{ for x in [1] }${x}%{ endif }\"\n", "x.tfvars").unwrap_err();
        assert_eq!(
            errs[0].detail,
            "Expecting an endfor directive corresponding to the for directive at x.tfvars:1,6-23."
        );
        let errs = parse_tfvars("a = \"\\qb\"\n", "x.tfvars").unwrap_err();
        assert_eq!(
            errs[0].detail,
            "The symbol \"q\" is not a valid escape sequence selector."
        );
    }

    #[test]
    fn json_in_tfvars_is_rejected() {
        // Terraform: «Argument or block definition required» at a.tfvars line 1.
        let errs = parse_tfvars("{\"a\": 1}\n", "a.tfvars").unwrap_err();
        assert_eq!(errs[0].summary, "Argument or block definition required");
        assert_eq!(
            errs[0].detail,
            "An argument or block definition is required here."
        );
        assert_eq!(
            errs[0].location.as_ref().unwrap().to_string(),
            "a.tfvars:1:1"
        );
    }
}
