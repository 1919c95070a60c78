//! `--terraform-conversions` schemas against Terraform's recorded answers
//! (`tests/conformance/cases`, Terraform v1.11.4): for every case with one `.tfvars.json` file,
//! - a file Terraform rejects must be rejected by the schema, unless every error Terraform gives
//!   is a validation rule's the schema leaves out (a warning), the file sets a variable listed
//!   as inexact (`Rendered::inexact`), the file is not valid JSON for Terraform, or it holds a string the
//!   schema lets through unchecked (`schema::nfc_changeable_text`: NFC could change it; where
//!   the schema has a maximum length on text, `schema::unchecked_text`, which also holds
//!   strings with fewer grapheme clusters than characters);
//! - a file Terraform accepts must be accepted by the schema, always (a translated rule keeps
//!   every converted form Terraform accepts, see `schema::conversions`).

use std::path::{Path, PathBuf};

use tfvars_codegen::schema::{self, SchemaOptions};
use tfvars_runtime::{TerraformVersion, Type};

/// A list, set or map whose elements contain `any`: Terraform then requires the elements to
/// unify to one type (`[1, true]` is refused, `[1, "a"]` becomes strings), which the schema
/// does not express (a known limit, in the report and in `schema::conversions`).
fn unifies_elements(ty: &Type) -> bool {
    match ty {
        Type::List(t) | Type::Set(t) | Type::Map(t) => t.has_any() || unifies_elements(t),
        Type::Tuple(ts) => ts.iter().any(unifies_elements),
        Type::Object(attrs) => attrs.iter().any(|a| unifies_elements(&a.ty)),
        _ => false,
    }
}

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/conformance/cases")
}

struct Case {
    name: String,
    input: serde_json::Value,
    accepted: bool,
    syntax_error: bool,
    diagnostics: Vec<serde_json::Value>,
}

fn cases(module: &Path) -> Vec<Case> {
    let Ok(entries) = std::fs::read_dir(module.join("expected")) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for e in entries {
        let path = e.expect("readable").path();
        // serde_json without arbitrary precision refuses numbers such as 1e400: skip those.
        let Ok(expected) = serde_json::from_str::<serde_json::Value>(
            &std::fs::read_to_string(&path).expect("readable"),
        ) else {
            continue;
        };
        let files = expected["var_files"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let [file] = files.as_slice() else { continue };
        let Some(file) = file.as_str().filter(|f| f.ends_with(".tfvars.json")) else {
            continue;
        };
        // Inputs that are not UTF-8 test Terraform's parser, not types.
        let Ok(text) = std::fs::read_to_string(module.join(file)) else {
            continue;
        };
        let diagnostics = expected["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        // Terraform's JSON parser is stricter than serde_json (duplicate keys, …): such a file
        // is refused before any type check.
        let syntax_error = diagnostics.iter().any(|d| {
            d["location"]
                .as_str()
                .is_some_and(|l| l.contains(".tfvars.json"))
                && !d["summary"]
                    .as_str()
                    .is_some_and(|s| s.contains("variable") || s.contains("Variable"))
        });
        let Ok(input) = serde_json::from_str(&text) else {
            continue;
        };
        out.push(Case {
            name: path.file_stem().unwrap().to_string_lossy().into_owned(),
            input,
            accepted: expected["exit"] == 0,
            syntax_error,
            diagnostics,
        });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// The lines of a validation block the schema leaves out (a warning names its variable and
/// condition): from the block's first line to the last its condition and message can reach.
type LeftOut = Vec<(String, std::ops::RangeInclusive<u32>)>;

fn left_out_rules(module: &tfvars_codegen::Module, warnings: &[String]) -> LeftOut {
    let mut out = Vec::new();
    for v in module.variables() {
        let named: Vec<&String> = warnings
            .iter()
            .filter(|w| w.contains(&format!("validation for \"{}\" with", v.name)))
            .collect();
        if named.is_empty() {
            continue;
        }
        let quoted = |text: &str| text.replace('\\', "\\\\").replace('"', "\\\"");
        let matched: Vec<_> = v
            .validations
            .iter()
            .filter(|r| {
                named
                    .iter()
                    .any(|w| w.contains(&quoted(&r.condition_source)))
            })
            .collect();
        // A condition quoted otherwise than here: every rule of the variable counts.
        let rules = if matched.is_empty() {
            v.validations.iter().collect()
        } else {
            matched
        };
        for r in rules {
            let lines = r.condition_source.lines().count() + r.error_message_source.lines().count();
            let start = r.location.line;
            out.push((
                r.location.file.to_string(),
                start..=start + lines as u32 + 1,
            ));
        }
    }
    out
}

impl Case {
    /// Whether the file sets one of `names`.
    fn sets_any(&self, names: &[&str]) -> bool {
        self.input
            .as_object()
            .is_some_and(|o| names.iter().any(|n| o.contains_key(*n)))
    }

    /// Whether every diagnostic Terraform gave is a left-out rule's: its error message ("This
    /// was checked by the validation rule at main.tf:14,3-13") or an error inside its block.
    fn rejected_only_by(&self, left_out: &LeftOut) -> bool {
        let in_rule = |file: &str, line: u32| {
            left_out
                .iter()
                .any(|(f, lines)| f == file && lines.contains(&line))
        };
        let place = |text: &str, sep: char| -> Option<(String, u32)> {
            let (file, rest) = text.split_once(':')?;
            let line = rest.split(sep).next()?.parse().ok()?;
            Some((file.to_string(), line))
        };
        !self.diagnostics.is_empty()
            && self.diagnostics.iter().all(|d| {
                let detail = d["detail"].as_str().unwrap_or_default();
                let by_rule = detail
                    .split_once("validation rule at ")
                    .and_then(|(_, at)| place(at, ','));
                let inside = d["location"].as_str().and_then(|l| place(l, ':'));
                [by_rule, inside]
                    .into_iter()
                    .flatten()
                    .any(|(file, line)| in_rule(&file, line))
            })
    }
}

/// `--terraform-conversions --terraform-version 1.11`: the answers were recorded with
/// Terraform 1.11, whose `||` does not short-circuit.
fn conversion_options() -> SchemaOptions {
    let mut options = SchemaOptions::new();
    options
        .terraform_conversions(true)
        .terraform_version(TerraformVersion::V1_11);
    options
}

#[test]
fn conversion_schemas_agree_with_recorded_terraform_answers() {
    let options = conversion_options();
    let mut modules: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("conformance cases")
        .map(|e| e.expect("readable").path())
        .filter(|p| p.is_dir())
        .collect();
    modules.sort();
    let (mut checked, mut looser, mut skipped_modules) = (0, 0, Vec::new());
    let mut unsound = Vec::new();
    let mut incomplete = Vec::new();
    for module_dir in modules {
        let name = module_dir
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let Ok(module) = tfvars_codegen::load(&module_dir) else {
            skipped_modules.push(name);
            continue;
        };
        let rendered = schema::render(&module, &options).expect("renders");
        // A default such as 1e400 is exact JSON that serde_json (f64) cannot read.
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&rendered.text) else {
            skipped_modules.push(name);
            continue;
        };
        let validator = jsonschema::draft7::new(&value).expect("compiles");
        let left_out = left_out_rules(&module, &rendered.warnings);
        let unifying: Vec<&str> = module
            .variables()
            .iter()
            .filter(|v| unifies_elements(&v.ty))
            .map(|v| v.name.as_str())
            .collect();
        let unchecked: fn(&serde_json::Value) -> bool =
            if rendered.text.contains("nfc-changeable-or-clustered-string") {
                schema::holds_unchecked_text
            } else {
                schema::holds_nfc_changeable_text
            };
        for case in cases(&module_dir) {
            checked += 1;
            let ok = validator.is_valid(&case.input);
            // A variable listed as inexact may be accepted looser than Terraform.
            let inexact = case
                .input
                .as_object()
                .is_some_and(|o| rendered.inexact.iter().any(|(n, _)| o.contains_key(n)));
            if ok && !case.accepted && inexact {
                looser += 1;
            }
            if ok
                && !case.accepted
                && !inexact
                && !case.rejected_only_by(&left_out)
                && !case.syntax_error
                && !case.sets_any(&unifying)
                && !unchecked(&case.input)
            {
                unsound.push(format!("{name}/{}", case.name));
            }
            if !ok && case.accepted {
                incomplete.push(format!("{name}/{}", case.name));
            }
        }
    }
    eprintln!(
        "checked {checked} recorded cases ({looser} rejected by Terraform, accepted for a variable listed as inexact); modules not loaded: {skipped_modules:?}"
    );
    assert!(checked > 300, "only {checked} cases checked");
    assert!(
        unsound.is_empty() && incomplete.is_empty(),
        "Terraform rejects, schema accepts: {unsound:#?}\nTerraform accepts, schema rejects: {incomplete:#?}\n(modules not loaded: {skipped_modules:?})"
    );
}

/// Values on which a rule the schema leaves out cannot be evaluated (iteration over null, an
/// attribute of a null element, a null `for` filter, a null function argument or operand) are
/// refused like Terraform refuses them; only what the rules themselves refuse is accepted.
#[test]
fn values_a_left_out_rule_fails_on_are_refused() {
    let options = conversion_options();
    let dir = cases_dir().join("validation_evaluation_errors");
    let module = tfvars_codegen::load(&dir).expect("loads");
    let rendered = schema::render(&module, &options).expect("renders");
    let value: serde_json::Value = serde_json::from_str(&rendered.text).expect("JSON");
    let validator = jsonschema::draft7::new(&value).expect("compiles");
    // Refused by what the rules mean, which the schema leaves out: at most one public subnet,
    // an action among two (on the rules of a flattened splat, not followed), unique items.
    let looser = [
        "acls_bad_action",
        "acls_null_rule",
        "csv_repeated",
        "zones_two_public",
    ];
    let cases = cases(&dir);
    assert_eq!(cases.len(), 18);
    for case in cases {
        let ok = validator.is_valid(&case.input);
        if looser.contains(&case.name.as_str()) {
            assert!(ok && !case.accepted, "{}", case.name);
        } else {
            assert_eq!(ok, case.accepted, "{}", case.name);
        }
    }
}
