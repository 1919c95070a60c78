//! Reading `.tfvars` files (HCL native syntax): attributes only, constant values.

use std::ops::Range;

use hcl_edit::Span;
use tfvars_runtime::eval::eval_constant;
use tfvars_runtime::{Diagnostic, InputVariable, Severity};

use crate::lower::lower_constant_in;
use crate::source::SourceFile;

/// Parses a `.tfvars` file. `file` names it in locations. Every problem is reported: syntax
/// errors, blocks, attributes set twice, function calls and references, evaluation errors.
pub fn parse_tfvars(text: &str, file: &str) -> Result<Vec<InputVariable>, Vec<Diagnostic>> {
    let src = SourceFile::new(file, file, text.to_string());
    let mut diags = Vec::new();
    let diag =
        |span: Option<Range<usize>>, summary: &str, detail: String, var: Option<&str>| Diagnostic {
            severity: Severity::Error,
            summary: summary.to_string(),
            detail,
            variable: var.map(str::to_string),
            path: String::new(),
            location: Some(src.location_of(span)),
        };
    let body = match crate::lower::parse_body_exact(text) {
        Ok(b) => b,
        Err(e) => {
            let (span, summary, detail) = crate::hcl_file::syntax_error(&src, &e);
            return Err(vec![diag(Some(span), &summary, detail, None)]);
        }
    };
    for block in body.blocks() {
        diags.push(diag(
            block.ident.span(),
            &format!("Unexpected \"{}\" block", block.ident.value().as_str()),
            "Blocks are not allowed here.".into(),
            None,
        ));
    }
    let mut out = Vec::new();
    for attr in body.attributes() {
        let name = attr.key.value().as_str();
        let expr = match lower_constant_in(&attr.value, Some(text)) {
            Ok(e) => e,
            Err(errs) => {
                for e in errs {
                    diags.push(diag(
                        e.span,
                        &e.summary,
                        format!("{}.", e.detail),
                        Some(name),
                    ));
                }
                continue;
            }
        };
        match eval_constant(&expr) {
            Ok(value) => out.push(InputVariable {
                name: name.to_string(),
                value,
                location: Some(src.location_of(attr.key.span())),
            }),
            Err(e) => diags.push(diag(attr.value.span(), &e.summary, e.detail, Some(name))),
        }
    }
    if diags.is_empty() {
        Ok(out)
    } else {
        Err(diags)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfvars_runtime::{Number, Value};

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
            "x.tfvars:2:1"
        );
        assert_eq!(vars[3].value, Value::String("\u{e9}".into()));
        assert_eq!(vars.len(), 4);
    }

    #[test]
    fn errors() {
        let errs =
            parse_tfvars("a = 1\nb { }\nc = upper(\"x\")\nd = var.x\n", "x.tfvars").unwrap_err();
        let got: Vec<String> = errs
            .iter()
            .map(|d| {
                format!(
                    "{} {}: {}",
                    d.location.as_ref().unwrap(),
                    d.summary,
                    d.detail
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                "x.tfvars:2:1 Unexpected \"b\" block: Blocks are not allowed here.",
                "x.tfvars:3:5 Function calls not allowed: Functions may not be called here.",
                "x.tfvars:4:5 Variables not allowed: Variables may not be used here.",
            ]
        );
    }

    #[test]
    fn numbers_beyond_f64_are_exact() {
        // Terraform keeps `1e400`; hcl-edit's own parser refuses it.
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
            "The argument \"a\" was already set at x.tfvars:1:1. Each argument may be set only once."
        );
        assert_eq!(
            errs[0].location.as_ref().unwrap().to_string(),
            "x.tfvars:3:3"
        );
    }

    #[test]
    fn hex_is_a_syntax_error() {
        let errs = parse_tfvars("a = 0x10\n", "x.tfvars").unwrap_err();
        assert_eq!(errs[0].summary, "Invalid HCL syntax");
        assert_eq!(errs[0].location.as_ref().unwrap().line, 1);
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
