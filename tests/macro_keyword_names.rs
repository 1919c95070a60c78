//! Every Rust keyword, and every name the generated builders use, as a variable and as an object
//! attribute, also with one and two leading `_` and a trailing `_` (the fixture's generator,
//! `keyword_names/generate.py`): the generated code compiles, each variable's field and
//! Terraform name are listed, and a document that sets each of them reads back and is written
//! out with the Terraform names.

mod names {
    tfvars::terraform_vars!("keyword_names");
}

use names::Variables;

/// A document that sets every variable and every attribute of `object`: strings for the
/// required ones, numbers and `false` for the others.
fn document() -> serde_json::Value {
    let mut doc = serde_json::Map::new();
    let mut object = serde_json::Map::new();
    for info in Variables::VARIABLES {
        let value = match info.type_text {
            "string" => serde_json::json!(info.name),
            "number" => serde_json::json!(2),
            "bool" => serde_json::json!(false),
            _ => continue,
        };
        doc.insert(info.name.to_string(), value);
    }
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/keyword_names/variables.tf"),
    )
    .unwrap();
    for line in text.lines() {
        if let Some((name, ty)) = line.trim().split_once(" = ") {
            if ty == "string" {
                object.insert(name.to_string(), serde_json::json!(name));
            } else if ty.starts_with("optional(number") {
                object.insert(name.to_string(), serde_json::json!(3));
            }
        }
    }
    doc.insert("object".into(), serde_json::Value::Object(object));
    serde_json::Value::Object(doc)
}

#[test]
fn keyword_names_compile_and_keep_their_terraform_names() {
    // 63 words, four spellings each (`Self`'s and `S`'s upper-case forms are their own), and
    // `object`.
    assert_eq!(Variables::VARIABLES.len(), 253);
    let fields: std::collections::HashSet<&str> =
        Variables::VARIABLES.iter().map(|v| v.field).collect();
    assert_eq!(
        fields.len(),
        Variables::VARIABLES.len(),
        "fields are distinct"
    );
    for v in Variables::VARIABLES {
        assert!(
            !v.field.is_empty()
                && (v.field.starts_with('_') || v.field.starts_with(char::is_lowercase)),
            "{}: {}",
            v.name,
            v.field
        );
    }

    let doc = document();
    let vars = Variables::from_tfvars_json(&doc.to_string()).expect("the document reads");
    assert!(vars.validate().is_ok());
    let written: serde_json::Value = serde_json::from_str(&vars.to_tfvars_json()).unwrap();
    assert_eq!(written, doc);
}
