//! Arbitrary JSON against arbitrary type constraints: the converter and the `check` pipeline
//! must not panic, a converted value converted again must not change, `check` must agree with
//! `convert`, and what `check` accepts must read back unchanged once written as `.tfvars.json`
//! and as `.tfvars` (or be rejected as Terraform rejects it: see `types_lost_in_writing`).
#![no_main]

use std::collections::BTreeMap;

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use tfvars_codegen::tfvars_hcl::parse_tfvars;
use tfvars_fuzz::{arbitrary_json, arbitrary_type, assert_located, has_infinity, MAX_NEST};
use tfvars_runtime::json::parse_tfvars_json;
use tfvars_runtime::output::{to_tfvars_hcl, to_tfvars_json};
use tfvars_runtime::{
    check::check, convert, CheckOptions, Location, ModuleSpec, TerraformVersion, Value,
    VariableSpec,
};

fn variable(name: &str, ty: tfvars_runtime::Type, nullable: bool) -> VariableSpec {
    VariableSpec {
        name: name.to_string(),
        ty,
        typed: true,
        default: None,
        description: None,
        sensitive: false,
        nullable,
        nullable_set: !nullable,
        ephemeral: false,
        validations: Vec::new(),
        location: Location {
            file: "variables.tf".into(),
            line: 1,
            column: 1,
            range: None,
        },
    }
}

fn run(data: &[u8]) -> arbitrary::Result<()> {
    let mut u = Unstructured::new(data);
    let ty = arbitrary_type(&mut u, MAX_NEST)?;
    let nullable: bool = u.arbitrary()?;
    let raw_text = u.arbitrary::<bool>()?;
    let mut value_text = String::new();
    if raw_text {
        // The rest of the input, as JSON text written by hand.
        value_text.push_str(&String::from_utf8_lossy(u.take_rest()));
    } else {
        arbitrary_json(&mut u, MAX_NEST, &mut value_text)?;
    }
    if huge_exponent(&value_text) {
        // `1e-400000000` converted to a string is a 400-million-digit text, in Terraform too:
        // right, but no input for a quick fuzz run.
        return Ok(());
    }
    let doc = format!("{{\"v\": {value_text}}}");
    let inputs = match parse_tfvars_json(&doc, "x.tfvars.json") {
        Ok(inputs) => inputs,
        Err(diags) => {
            assert_located(&diags, "x.tfvars.json", &doc);
            return Ok(());
        }
    };
    let Some(input) = inputs.iter().rev().find(|i| i.name == "v") else {
        return Ok(());
    };

    let converted = convert(&input.value, &ty);
    if let Ok(c) = &converted {
        // Converting again may fail, as in Terraform: elements unified when a tuple became a
        // list are not unified again when that list is converted (an empty set of `list(any)`
        // beside a set of `list(string)`). When it succeeds, nothing changes.
        if let Ok(again) = convert(c, &ty) {
            // Object types are unordered: attribute order inside a value's type may differ.
            assert!(
                again.ty().same_as(&c.ty()) && again.to_json().ok() == c.to_json().ok(),
                "conversion is not idempotent for {ty:?}:\n{again:?}\n{c:?}"
            );
        }
    } else if let Err(e) = &converted {
        assert!(!e.message().is_empty());
    }

    let spec = ModuleSpec {
        variables: vec![variable("v", ty.clone(), nullable)],
        locals: Vec::new(),
    };
    for version in [TerraformVersion::V1_11, TerraformVersion::Latest] {
        let checked = check(
            &spec,
            &inputs,
            &CheckOptions {
                version,
                files: None,
            },
        );
        match &converted {
            Ok(c) if !c.is_null() || nullable => {
                assert!(
                    checked.is_ok(),
                    "convert accepted, check rejected: {:?}",
                    checked.report
                );
                assert_eq!(checked.values.get("v"), Some(c));
            }
            Ok(_) => {}
            Err(_) => assert!(!checked.is_ok(), "convert rejected, check accepted"),
        }
        if !checked.is_ok() || checked.values.values().any(has_infinity) {
            continue;
        }
        // Written out and read back, the values are the same.
        let values = &checked.values;
        let json = to_tfvars_json(values.iter().map(|(k, v)| (k.as_str(), v)));
        let back = parse_tfvars_json(&json, "out.tfvars.json")
            .unwrap_or_else(|d| panic!("written JSON rejected: {d:?}\n{json}"));
        read_back(&spec, version, &ty, values, &back, ".tfvars.json", &json);
        let hcl = to_tfvars_hcl(values.iter().map(|(k, v)| (k.as_str(), v)));
        let back = parse_tfvars(&hcl, "out.tfvars")
            .unwrap_or_else(|d| panic!("written .tfvars rejected: {d:?}\n{hcl}"));
        read_back(&spec, version, &ty, values, &back, ".tfvars", &hcl);
    }
    Ok(())
}

/// Checks the inputs read back from `text` (a written `kind` file): the same values as were
/// written, or a rejection that Terraform gives too (see `types_lost_in_writing`).
fn read_back(
    spec: &ModuleSpec,
    version: TerraformVersion,
    ty: &tfvars_runtime::Type,
    values: &BTreeMap<String, Value>,
    back: &[tfvars_runtime::InputVariable],
    kind: &str,
    text: &str,
) {
    let rechecked = check(
        spec,
        back,
        &CheckOptions {
            version,
            files: None,
        },
    );
    if rechecked.is_ok() {
        assert_eq!(&rechecked.values, values, "changed through {kind}:\n{text}");
    } else if !types_lost_in_writing(ty, values) {
        panic!(
            "written {kind} rejected on reading back:\n{text}\ntype: {ty:?}\n{:?}",
            rechecked.report
        );
    }
}

/// Whether a written file may be rejected on reading back as Terraform rejects it: the type
/// has `any`, whose elements are unified, and a value holds what a file cannot tell the type
/// of: a null of a known type, written as a plain `null` (a map of objects whose attributes
/// were dropped in unification, with a typed null beside them:
/// `tests/conformance/cases/conv_typed_nulls_written`), or an empty collection of a known
/// element type, written as a plain `{}` or `[]` (an optional attribute's default of
/// `map(map(object({})))` with an empty inner map, read back under `map(map(any))` as an empty
/// object beside objects with attributes: "attribute types must all match for conversion to
/// map", as Terraform 1.11.4 answers the same file).
fn types_lost_in_writing(ty: &tfvars_runtime::Type, values: &BTreeMap<String, Value>) -> bool {
    fn lost(v: &Value) -> bool {
        let known = |t: &tfvars_runtime::Type| !matches!(t, tfvars_runtime::Type::Any);
        match v {
            Value::Null(t) => known(t),
            Value::List(t, items) | Value::Set(t, items) => {
                (items.is_empty() && known(t)) || items.iter().any(lost)
            }
            Value::Tuple(items) => items.iter().any(lost),
            Value::Map(t, m) => (m.is_empty() && known(t)) || m.values().any(lost),
            Value::Object(m) => m.values().any(lost),
            _ => false,
        }
    }
    ty.has_any() && values.values().any(lost)
}

/// Whether `text` holds a number exponent of more than six digits (leading zeros aside).
fn huge_exponent(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().any(|(i, &b)| {
        if !matches!(b, b'e' | b'E') || !i.checked_sub(1).is_some_and(|p| bytes[p].is_ascii_digit())
        {
            return false;
        }
        let rest = &bytes[i + 1..];
        let rest = rest
            .strip_prefix(b"-")
            .or(rest.strip_prefix(b"+"))
            .unwrap_or(rest);
        let digits = rest
            .iter()
            .skip_while(|&&d| d == b'0')
            .take_while(|d| d.is_ascii_digit());
        digits.count() > 6
    })
}

fuzz_target!(|data: &[u8]| {
    let _ = run(data);
});
