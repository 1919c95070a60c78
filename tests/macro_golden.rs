//! Golden tests: `tfvars rust` output for every fixture module under `tests/modules/` is checked
//! in as `expected.rs` next to the module (rewrite with `UPDATE_GOLDEN=1`), and each
//! `expected.rs` compiles without warnings (`tests/ui/golden/`, through trybuild).

use std::path::{Path, PathBuf};

/// The fixture modules: every directory of `tests/modules/` holding `.tf` files, except the
/// deliberately broken ones under `bad/` and the 250-variable `large/` benchmark module, whose
/// 10 MB expansion nobody could review (it is compiled with `#![deny(warnings)]` by
/// `tests/macro_large.rs` instead).
fn fixture_modules() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir("tests/modules")
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir() && !p.ends_with("bad") && !p.ends_with("large"))
        .filter(|p| {
            std::fs::read_dir(p).unwrap().any(|f| {
                let name = f.unwrap().file_name().to_string_lossy().into_owned();
                name.ends_with(".tf") || name.ends_with(".tf.json")
            })
        })
        .collect();
    dirs.sort();
    dirs
}

/// The `tfvars rust` text, and whether the module has rules that cannot be checked (their
/// deprecation warnings are tested by `tests/ui/warnings`).
fn render(dir: &Path) -> (String, bool) {
    let dir = dir.to_string_lossy().replace('\\', "/");
    let (text, unsupported) = tfvars_codegen::Settings::new()
        .module_dir(&dir)
        .render_file()
        .unwrap_or_else(|e| panic!("{dir}: {e}"));
    (text, !unsupported.is_empty())
}

#[test]
fn expected_rs_matches_tfvars_rust_output() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let mut stale = Vec::new();
    for dir in fixture_modules() {
        let (text, unchecked_rules) = render(&dir);
        let golden = dir.join("expected.rs");
        if update {
            std::fs::write(&golden, &text).unwrap();
            let case = dir.file_name().unwrap().to_string_lossy().into_owned();
            let allow = if unchecked_rules {
                "#![allow(deprecated)] // the unchecked-rule warnings, tested in tests/ui/warnings\n"
            } else {
                ""
            };
            let wrapper = format!(
                "#![deny(warnings)]\n{allow}\ninclude!(\"../../modules/{case}/expected.rs\");\n\nfn main() {{}}\n"
            );
            std::fs::create_dir_all("tests/ui/golden").unwrap();
            std::fs::write(format!("tests/ui/golden/{case}.rs"), wrapper).unwrap();
        } else if std::fs::read_to_string(&golden).ok().as_deref() != Some(text.as_str()) {
            stale.push(golden.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale goldens (rewrite with UPDATE_GOLDEN=1): {stale:?}"
    );
}

#[test]
fn every_fixture_has_a_compiled_golden() {
    for dir in fixture_modules() {
        let case = dir.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            Path::new(&format!("tests/ui/golden/{case}.rs")).exists(),
            "no tests/ui/golden/{case}.rs: run with UPDATE_GOLDEN=1"
        );
    }
}
