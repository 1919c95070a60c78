//! The runtime's types that the facade re-exports are documented, on docs.rs, with the
//! runtime's own doc comments: their examples must read as a user of `tfvars` writes them
//! (`use tfvars::Sensitive`), never naming `tfvars_runtime`, which a user does not depend on.
//! (Those doctests run in the runtime crate, with a hidden `use tfvars_runtime as tfvars;`.)

/// The runtime files that define the types `tfvars` re-exports.
const REEXPORTED: &[&str] = &[
    "runtime/src/any.rs",
    "runtime/src/diagnostics.rs",
    "runtime/src/number.rs",
    "runtime/src/output.rs",
    "runtime/src/sensitive.rs",
    "runtime/src/typed.rs",
    "runtime/src/types.rs",
    "runtime/src/value.rs",
];

#[test]
fn reexported_docs_name_the_facade() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut bad = Vec::new();
    for file in REEXPORTED {
        let text = std::fs::read_to_string(format!("{root}/{file}")).unwrap();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim_start();
            let Some(doc) = t.strip_prefix("///").or_else(|| t.strip_prefix("//!")) else {
                continue;
            };
            // Lines hidden from the rendered docs start with `# `.
            let hidden = doc.trim_start().starts_with("# ") || doc.trim() == "#";
            if !hidden && doc.contains("tfvars_runtime") {
                bad.push(format!("{file}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "docs shown to users of `tfvars` name `tfvars_runtime`:\n{}",
        bad.join("\n")
    );
}
