//! Arbitrary expression text as the `condition` of a validation rule (and as a local) of a
//! small module: it is lowered by the loader and evaluated by the runtime against a few sets of
//! inputs, under both Terraform versions' semantics. Nothing may panic or hang, and every error
//! must be located.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use tfvars_codegen::loader::load_sources;
use tfvars_codegen::source::SourceFile;
use tfvars_codegen::tfvars_hcl::parse_tfvars;
use tfvars_runtime::check::check;
use tfvars_runtime::{CheckOptions, InputVariable, Severity, TerraformVersion};

const HEAD: &str = r#"variable "s" {
  type    = string
  default = "x"
}
variable "n" {
  type    = number
  default = 1
}
variable "l" {
  type    = list(string)
  default = []
}
variable "m" {
  type    = map(number)
  default = {}
}
variable "o" {
  type = object({
    a = string
    b = optional(number, 1)
    c = optional(set(string))
  })
  default = null
}
variable "a" {
  type    = any
  default = null
  validation {
    condition     = "#;

const TAIL: &str = r#"
    error_message = "The value of a is not accepted: ${jsonencode(var.a)}."
  }
}
"#;

/// The input sets every condition is evaluated against.
fn input_sets() -> &'static [Vec<InputVariable>] {
    static SETS: OnceLock<Vec<Vec<InputVariable>>> = OnceLock::new();
    SETS.get_or_init(|| {
        [
            "",
            "s = \"\"\nn = -1.5\nl = [\"a\", \"b\", \"a\"]\nm = { k = 2, \"x y\" = 0 }\no = { a = \"z\" }\na = [1, \"x\", null, true]",
            "s = \"10.0.0.0/16\"\nn = 123456789012345678901234567890\nl = [\"\"]\no = { a = \"\", b = null, c = [\"b\", \"a\"] }\na = { k = { x = [true, 1] }, \"\" = \"\" }",
            "s = \"é🙂\"\nn = 0\na = \"1e3\"",
            "a = 42",
        ]
        .iter()
        .map(|text| parse_tfvars(text, "in.tfvars").expect("fixed inputs parse"))
        .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(expr) = std::str::from_utf8(data) else {
        return;
    };
    let text = format!("{HEAD}{expr}{TAIL}");
    let file = SourceFile::new("main.tf", "/m/main.tf", text.clone());
    let module = match load_sources("/m", vec![file]) {
        Ok(m) => m,
        Err(e) => {
            for p in &e.problems {
                assert!(
                    p.location.is_some(),
                    "problem without a location: {}",
                    p.message
                );
            }
            return;
        }
    };
    for inputs in input_sets() {
        for version in [TerraformVersion::V1_11, TerraformVersion::Latest] {
            let checked = check(
                &module.spec,
                inputs,
                &CheckOptions {
                    version,
                    files: None,
                },
            );
            for d in &checked.report.diagnostics {
                assert!(!d.summary.is_empty());
                if d.severity != Severity::Warning {
                    assert!(d.location.is_some(), "diagnostic without a location: {d:?}");
                }
            }
        }
    }
});
