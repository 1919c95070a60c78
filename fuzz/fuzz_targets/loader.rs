//! Arbitrary bytes as the text of one `.tf` file of a module (or of a `.tf.json` file, chosen
//! by the first byte): loading must succeed or fail with problems located in the file, and a
//! module that loads must render its JSON Schema and Rust code, the code being valid Rust.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tfvars_codegen::source::SourceFile;
use tfvars_codegen::{loader::load_sources, LoadErrorKind, Settings};
use tfvars_fuzz::assert_in_file;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let name = match kind % 3 {
        0 => "main.tf.json",
        1 => "main_override.tf",
        _ => "main.tf",
    };
    // A second file the fuzzed one can override or refer to.
    let base = SourceFile::new(
        "base.tf",
        "/m/base.tf",
        "variable \"a\" {\n  type = string\n  default = \"x\"\n}\n".to_string(),
    );
    let file = SourceFile::new(name, format!("/m/{name}"), text.to_string());
    let shown = if name.ends_with(".tf.json") {
        text
    } else {
        text.strip_prefix('\u{feff}').unwrap_or(text)
    };
    match load_sources("/m", vec![base, file]) {
        Ok(module) => {
            let expansion = Settings::new()
                .expand_module(module)
                .unwrap_or_else(|e| panic!("a loaded module does not render: {e}"));
            if let Err(e) = syn::parse_file(&expansion.code) {
                panic!("rendered code is not Rust: {e}\n{}", expansion.code);
            }
        }
        Err(e) => {
            assert_eq!(e.kind, LoadErrorKind::Invalid, "{e}");
            assert!(!e.problems.is_empty());
            for p in &e.problems {
                let loc = p
                    .location
                    .as_ref()
                    .unwrap_or_else(|| panic!("problem without a location: {}", p.message));
                if *loc.file == *name {
                    assert_in_file(loc, name, shown);
                } else {
                    assert_eq!(&*loc.file, "base.tf", "{}", p.message);
                }
            }
        }
    }
});
