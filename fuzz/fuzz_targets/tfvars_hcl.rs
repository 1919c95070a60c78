//! Arbitrary bytes as a `.tfvars` file (HCL native syntax): the reader must accept or reject
//! every input without panicking, locate every error inside the file, and read back exactly
//! what it accepted once written out again as `.tfvars`.
#![no_main]

use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use tfvars_codegen::tfvars_hcl::parse_tfvars;
use tfvars_fuzz::{assert_in_file, assert_located, has_infinity};
use tfvars_runtime::output::to_tfvars_hcl;
use tfvars_runtime::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let shown = text.strip_prefix('\u{feff}').unwrap_or(text);
    match parse_tfvars(text, "x.tfvars") {
        Ok(inputs) => {
            let mut last: BTreeMap<&str, &Value> = BTreeMap::new();
            for input in &inputs {
                if let Some(loc) = &input.location {
                    assert_in_file(loc, "x.tfvars", shown);
                }
                last.insert(input.name.as_str(), &input.value);
            }
            if last.values().any(|v| has_infinity(v)) {
                return;
            }
            let out = to_tfvars_hcl(last.iter().map(|(k, v)| (*k, *v)));
            let again = parse_tfvars(&out, "out.tfvars")
                .unwrap_or_else(|d| panic!("written file rejected: {d:?}\n{out}"));
            // Expressions give typed nulls and collections that the text cannot say (`true ?
            // null : 1` is a null number; it reads back as `null`), so the values are compared
            // as JSON.
            let json = |m: BTreeMap<&str, &Value>| -> BTreeMap<String, String> {
                m.into_iter()
                    .map(|(k, v)| (k.to_string(), v.to_json().expect("finite and known")))
                    .collect()
            };
            let again: BTreeMap<&str, &Value> =
                again.iter().map(|i| (i.name.as_str(), &i.value)).collect();
            assert_eq!(
                json(last),
                json(again),
                "values changed through to_tfvars_hcl:\n{out}"
            );
        }
        Err(diags) => assert_located(&diags, "x.tfvars", shown),
    }
});
