//! Arbitrary bytes as a `.tfvars.json` file: the runtime's strict JSON reader must accept or
//! reject every input without panicking, locate every error inside the file, and read back
//! exactly what it accepted once written out again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tfvars_fuzz::{assert_in_file, assert_located, has_infinity};
use tfvars_runtime::json::{parse_json_value, parse_tfvars_json};
use tfvars_runtime::output::to_tfvars_json;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = parse_json_value(text, "v.json");
    match parse_tfvars_json(text, "x.tfvars.json") {
        Ok(inputs) => {
            for input in &inputs {
                if let Some(loc) = &input.location {
                    assert_in_file(loc, "x.tfvars.json", text);
                }
            }
            // What was read, written out and read again, is the same values.
            let mut last = std::collections::BTreeMap::new();
            for input in &inputs {
                last.insert(input.name.as_str(), &input.value);
            }
            if last.values().any(|v| has_infinity(v)) {
                return;
            }
            let out = to_tfvars_json(last.iter().map(|(k, v)| (*k, *v)));
            let again = parse_tfvars_json(&out, "out.tfvars.json")
                .unwrap_or_else(|d| panic!("written file rejected: {d:?}\n{out}"));
            let again: std::collections::BTreeMap<&str, &tfvars_runtime::Value> =
                again.iter().map(|i| (i.name.as_str(), &i.value)).collect();
            assert_eq!(last, again, "values changed through to_tfvars_json:\n{out}");
        }
        Err(diags) => assert_located(&diags, "x.tfvars.json", text),
    }
});
