//! Golden tests of the JSON Schema and export renderers on the fixture modules in
//! `tests/modules/schema_*`. `UPDATE_GOLDEN=1 cargo test -p tfvars-codegen --test schema_golden`
//! rewrites the golden files.
//!
//! Every schema is also checked against the draft-07 meta-schema, compiled by the `jsonschema`
//! crate (so every `pattern` compiles), and run over the module's sample inputs, whose
//! Terraform verdicts are recorded in `samples/terraform-verdicts.txt`:
//! - `samples/valid/*` must pass the default schema, and Terraform accepts them;
//! - `samples/invalid/*` must fail the default schema (Terraform may still accept some: the
//!   default schema is as strict as terraschema's about types);
//! - with `--terraform-conversions`, the schema accepts every sample Terraform accepts in
//!   `conversions-accepted/`, and rejects every sample Terraform rejects.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tfvars_codegen::export::{self, ExportOptions};
use tfvars_codegen::schema::{self, Rendered, SchemaOptions};
use tfvars_runtime::TerraformVersion;

fn modules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/modules")
}

enum Variant {
    Schema(SchemaOptions),
    Export(ExportOptions),
}

fn variant(name: &str) -> Variant {
    let mut o = SchemaOptions::new();
    match name {
        "schema.json" => {}
        "schema-require-all.json" => {
            o.require_all(true);
        }
        "schema-disallow-additional.json" => {
            o.disallow_additional_properties(true);
        }
        "schema-nullable-all.json" => {
            o.nullable_all(true);
        }
        "schema-all-flags.json" => {
            o.require_all(true)
                .disallow_additional_properties(true)
                .nullable_all(true);
        }
        "schema-escape-json.json" => {
            o.escape_json(true);
        }
        "schema-ignore-property.json" => {
            o.ignore_variable("a_string")
                .ignore_variable("secret")
                .property("$id", "https://example.com/schema.json")
                .property("title", "Types <&>")
                .property("type", "object");
        }
        "schema-conversions.json" => {
            o.terraform_conversions(true);
        }
        "schema-conversions-nullable-all.json" => {
            o.terraform_conversions(true).nullable_all(true);
        }
        "schema-terraform-1.11.json" => {
            o.terraform_version(TerraformVersion::V1_11);
        }
        "export.json" => return Variant::Export(ExportOptions::new()),
        "export-escape-json.json" => {
            let mut e = ExportOptions::new();
            e.escape_json(true).ignore_variable("secret");
            return Variant::Export(e);
        }
        other => panic!("unknown golden variant {other}"),
    }
    Variant::Schema(o)
}

const CASES: &[(&str, &[&str])] = &[
    (
        "schema_types",
        &[
            "schema.json",
            "schema-require-all.json",
            "schema-disallow-additional.json",
            "schema-nullable-all.json",
            "schema-all-flags.json",
            "schema-escape-json.json",
            "schema-ignore-property.json",
            "schema-conversions.json",
            "schema-conversions-nullable-all.json",
            "export.json",
            "export-escape-json.json",
        ],
    ),
    (
        "schema_validation",
        &[
            "schema.json",
            "schema-nullable-all.json",
            "schema-conversions.json",
            "schema-terraform-1.11.json",
            "export.json",
        ],
    ),
    (
        "schema_json",
        &["schema.json", "schema-nullable-all.json", "export.json"],
    ),
    ("schema_nfc", &["schema.json", "schema-conversions.json"]),
];

fn render(module: &tfvars_codegen::Module, name: &str) -> Rendered {
    match variant(name) {
        Variant::Schema(o) => schema::render(module, &o),
        Variant::Export(o) => export::render(module, &o),
    }
    .unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn check_golden(path: &Path, actual: &str) -> Result<(), String> {
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, actual).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let expected = std::fs::read_to_string(path).map_err(|e| {
        format!(
            "{}: {e} (run with UPDATE_GOLDEN=1 to create it)",
            path.display()
        )
    })?;
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        return Err(format!(
            "{} differs from the output at line {}:\n  golden: {:?}\n  actual: {:?}\n(run with UPDATE_GOLDEN=1 to accept)",
            path.display(),
            line + 1,
            expected.lines().nth(line),
            actual.lines().nth(line)
        ));
    }
    Ok(())
}

/// Draft-07's meta-schema wants `items` (as an array), `allOf`, `anyOf`, `oneOf` and `type` (as
/// an array) non-empty; the `jsonschema` crate's meta-validation lets empty ones through.
fn no_empty_schema_arrays(value: &serde_json::Value, path: &str) {
    match value {
        serde_json::Value::Object(m) => {
            for (k, v) in m {
                if let serde_json::Value::Array(items) = v {
                    if items.is_empty()
                        && ["items", "allOf", "anyOf", "oneOf", "type"].contains(&k.as_str())
                    {
                        panic!("{path}/{k}: empty array");
                    }
                }
                no_empty_schema_arrays(v, &format!("{path}/{k}"));
            }
        }
        serde_json::Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                no_empty_schema_arrays(v, &format!("{path}/{i}"));
            }
        }
        _ => {}
    }
}

fn compile(schema_text: &str, what: &str) -> jsonschema::Validator {
    let value: serde_json::Value =
        serde_json::from_str(schema_text).unwrap_or_else(|e| panic!("{what}: not JSON: {e}"));
    if let Err(e) = jsonschema::draft7::meta::validate(&value) {
        panic!("{what}: not a valid draft-07 schema: {e}");
    }
    no_empty_schema_arrays(&value, what);
    jsonschema::draft7::new(&value).unwrap_or_else(|e| panic!("{what}: does not compile: {e}"))
}

fn verdicts(dir: &Path) -> BTreeMap<String, bool> {
    let Ok(text) = std::fs::read_to_string(dir.join("samples/terraform-verdicts.txt")) else {
        return BTreeMap::new();
    };
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (v, path) = l.split_once(' ').expect("VERDICT path");
            (path.to_string(), v == "ACCEPT")
        })
        .collect()
}

fn samples(dir: &Path, kind: &str) -> Vec<(String, serde_json::Value)> {
    let Ok(entries) = std::fs::read_dir(dir.join("samples").join(kind)) else {
        return Vec::new();
    };
    let mut out: Vec<_> = entries
        .map(|e| e.expect("readable").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable");
            let name = format!("{kind}/{}", p.file_name().unwrap().to_string_lossy());
            (
                name,
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display())),
            )
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn golden_schemas_and_exports() {
    let mut failures = Vec::new();
    for (case, variants) in CASES {
        let dir = modules_dir().join(case);
        let module = tfvars_codegen::load(&dir).unwrap_or_else(|e| panic!("{case}: {e}"));
        for name in *variants {
            let rendered = render(&module, name);
            if let Err(e) = check_golden(&dir.join(name), &rendered.text) {
                failures.push(e);
            }
            if name.starts_with("schema") {
                compile(&rendered.text, &format!("{case}/{name}"));
            } else {
                serde_json::from_str::<serde_json::Value>(&rendered.text)
                    .unwrap_or_else(|e| panic!("{case}/{name}: not JSON: {e}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn samples_against_schemas() {
    let mut failures = Vec::new();
    for (case, _) in CASES {
        let dir = modules_dir().join(case);
        let module = tfvars_codegen::load(&dir).unwrap_or_else(|e| panic!("{case}: {e}"));
        let strict = compile(&render(&module, "schema.json").text, case);
        let conv = compile(&render(&module, "schema-conversions.json").text, case);
        let verdicts = verdicts(&dir);
        for (name, value) in samples(&dir, "valid") {
            if !strict.is_valid(&value) {
                failures.push(format!("{case}/{name}: rejected by schema.json"));
            }
            if verdicts.get(&name) == Some(&false) {
                failures.push(format!(
                    "{case}/{name}: a valid sample that Terraform rejects"
                ));
            }
        }
        for (name, value) in samples(&dir, "invalid") {
            if strict.is_valid(&value) {
                failures.push(format!("{case}/{name}: accepted by schema.json"));
            }
        }
        for kind in [
            "valid",
            "invalid",
            "conversions-accepted",
            "conversions-rejected",
        ] {
            for (name, value) in samples(&dir, kind) {
                let Some(&accepted) = verdicts.get(&name) else {
                    failures.push(format!("{case}/{name}: no recorded Terraform verdict"));
                    continue;
                };
                let schema_ok = conv.is_valid(&value);
                if !accepted && schema_ok {
                    failures.push(format!(
                        "{case}/{name}: Terraform rejects it but schema-conversions.json accepts it"
                    ));
                }
                if accepted && !schema_ok && kind == "conversions-accepted" {
                    failures.push(format!(
                        "{case}/{name}: Terraform accepts it but schema-conversions.json rejects it"
                    ));
                }
                let expected_dir = match kind {
                    "conversions-accepted" => Some(true),
                    "conversions-rejected" => Some(false),
                    _ => None,
                };
                if expected_dir.is_some_and(|e| e != accepted) {
                    failures.push(format!(
                        "{case}/{name}: filed under {kind} but Terraform's verdict differs"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn untranslated_conditions_warn_in_terraschema_words() {
    let dir = modules_dir().join("schema_validation");
    let module = tfvars_codegen::load(&dir).expect("loads");
    let rendered = render(&module, "schema.json");
    let warned: Vec<&str> = rendered
        .warnings
        .iter()
        .map(|w| {
            w.strip_prefix("couldn't apply validation for \"")
                .and_then(|w| w.split('"').next())
                .unwrap_or(w)
        })
        .collect();
    assert_eq!(
        warned,
        ["case_insensitive", "unicode_class"],
        "{:#?}",
        rendered.warnings
    );
    assert!(rendered
        .warnings
        .iter()
        .all(|w| w.ends_with(": no translation rules are supported for this condition")));
    assert!(
        rendered.warnings[0]
            .contains(r#"with condition "can(regex(\"(?i)^yes$\", var.case_insensitive))""#),
        "{}",
        rendered.warnings[0]
    );
    // --debug says which construct stopped each one.
    let debug = rendered.debug.join("\n");
    for why in ["(?i)", "\\pL"] {
        assert!(debug.contains(why), "no {why:?} in {debug}");
    }
}

#[test]
fn optional_attribute_rules_judge_the_value_a_left_out_attribute_takes() {
    // `contains(["a", "b"], var.object_attrs.kind)` with `kind = optional(string)`: left out,
    // `kind` is null, which `contains` refuses, so the schema requires it.
    let dir = modules_dir().join("schema_validation");
    let module = tfvars_codegen::load(&dir).expect("loads");
    let schema = compile(&render(&module, "schema.json").text, "default");
    let with = |kind: Option<&str>| {
        let mut o = serde_json::json!({"name": "web", "port": 80});
        if let Some(k) = kind {
            o["kind"] = serde_json::json!(k);
        }
        serde_json::json!({ "object_attrs": o })
    };
    assert!(schema.is_valid(&with(Some("a"))));
    assert!(!schema.is_valid(&with(Some("c"))));
    assert!(!schema.is_valid(&with(None)));
}

#[test]
fn nullable_null_follows_terraform_version() {
    // `var.x == null || contains([...], var.x)`: 1.12+ accepts null, 1.11 fails on it
    // (recorded: `contains` on null is an error and `||` did not short-circuit).
    let dir = modules_dir().join("schema_validation");
    let module = tfvars_codegen::load(&dir).expect("loads");
    let latest = compile(&render(&module, "schema.json").text, "latest");
    let v1_11 = compile(&render(&module, "schema-terraform-1.11.json").text, "1.11");
    let null_input = serde_json::json!({ "enum_nullable": null });
    assert!(latest.is_valid(&null_input));
    assert!(!v1_11.is_valid(&null_input));
    // `!=` accepts null in every version, `contains` alone never does.
    assert!(v1_11.is_valid(&serde_json::json!({ "not_equal": null })));
    assert!(!latest.is_valid(&serde_json::json!({ "enum_rejects_null": null })));
}

#[test]
fn nullable_false_refuses_null_on_untyped_variables() {
    // Terraform's verdicts are recorded in the conformance case (schema_conformance holds the
    // `--terraform-conversions` schema to them): null for `x` (`any`), `u` (no type) and `r`
    // (`any`, a rule that takes null) is "Required variable not set"; for `d` the default.
    let dir = modules_dir().join("../conformance/cases/nullable_false_untyped");
    let module = tfvars_codegen::load(&dir).expect("loads");
    let base = serde_json::json!({ "x": "a", "u": "a", "r": "a" });
    let with = |name: &str, value: serde_json::Value| {
        let mut doc = base.clone();
        doc[name] = value;
        doc
    };
    for conversions in [false, true] {
        let mut o = SchemaOptions::new();
        o.terraform_conversions(conversions);
        let text = schema::render(&module, &o).expect("renders").text;
        let schema = compile(&text, "nullable_false_untyped");
        assert!(schema.is_valid(&base), "{conversions}");
        for name in ["x", "u", "r"] {
            assert!(
                !schema.is_valid(&with(name, serde_json::Value::Null)),
                "{name} {conversions}"
            );
            assert!(
                schema.is_valid(&with(name, serde_json::json!([1, "b"]))),
                "{name} {conversions}"
            );
        }
        // The default replaces null; only the Terraform-judged schema says so.
        assert_eq!(
            schema.is_valid(&with("d", serde_json::Value::Null)),
            conversions
        );
    }
}

#[test]
fn rules_between_variables_at_the_root() {
    let dir = modules_dir().join("schema_compiler");
    let module = tfvars_codegen::load(&dir).expect("loads");
    let render = |cfn: bool| {
        let mut o = SchemaOptions::new();
        o.terraform_conversions(true)
            .nullable_all(true)
            .cfn_lint_keywords(cfn);
        let text = schema::render(&module, &o).expect("renders").text;
        let json: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        compile(&text, "schema_compiler");
        json["allOf"].as_array().expect("root rules").clone()
    };
    // The rule about `names`, found by the variables its standard form mentions.
    let rule = |rules: &[serde_json::Value], names: &[&str]| -> serde_json::Value {
        rules
            .iter()
            .find(|r| {
                names
                    .iter()
                    .all(|n| r.to_string().contains(&format!("\"{n}\"")))
            })
            .unwrap_or_else(|| panic!("no root rule about {names:?}"))
            .clone()
    };
    let j = |s: &str| serde_json::from_str::<serde_json::Value>(s).expect("JSON");
    let plain = render(false);
    let cfn = render(true);
    for r in &plain {
        for k in [
            "requiredOr",
            "requiredXor",
            "dependentRequired",
            "dependentExcluded",
        ] {
            assert!(r.get(k).is_none(), "{k} without --cfn-lint-keywords: {r}");
        }
    }
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["network_name", "subnet_id"],
            "requiredOr",
            r#"["network_name","subnet_id"]"#,
        ),
        (
            &["source_image", "source_snapshot", "source_disk"],
            "requiredXor",
            r#"["source_image","source_snapshot","source_disk"]"#,
        ),
        (
            &["tls_cert", "tls_key"],
            "dependentRequired",
            r#"{"tls_cert":["tls_key"],"tls_key":["tls_cert"]}"#,
        ),
        (
            &["replica_bucket", "replica_region"],
            "dependentRequired",
            r#"{"replica_bucket":["replica_region"]}"#,
        ),
        (
            &["password", "password_file"],
            "dependentExcluded",
            r#"{"password":["password_file"]}"#,
        ),
        (
            &["key_id", "key_file"],
            "dependentExcluded",
            r#"{"key_id":["key_file"]}"#,
        ),
    ];
    for (names, keyword, value) in cases {
        assert_eq!(rule(&cfn, names)[*keyword], j(value), "{names:?}");
        let standard = rule(&plain, names);
        let pairwise = keyword.starts_with("dependent");
        // Pairwise rules are draft-07 `dependencies`; the others stay `anyOf`.
        assert_eq!(
            standard.get("dependencies").is_some(),
            pairwise,
            "{standard}"
        );
        assert_eq!(standard.get("anyOf").is_some(), !pairwise, "{standard}");
    }
    // `zone` has a non-null default, so leaving it out sets it: no presence keyword fits.
    let zone = rule(&cfn, &["zone", "zones"]);
    assert!(
        zone.get("dependentExcluded").is_none() && zone.get("anyOf").is_some(),
        "{zone}"
    );
}
