//! The large module and a var file setting every one of its variables, shared by the benches
//! that read values.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The large module (`tests/modules/large`, 250 variables), loaded.
pub fn module() -> tfvars_codegen::Module {
    tfvars_codegen::load(repo().join("tests/modules/large")).expect("the large module loads")
}

/// The text of a var file setting every variable of [`module`] (about 850 KB), written by
/// `benches/gen_large_vars.py` as `file_name` in Cargo's temporary directory for benches.
pub fn var_file(file_name: &str) -> String {
    let out = Path::new(env!("CARGO_TARGET_TMPDIR")).join(file_name);
    let status = Command::new("python3")
        .arg(repo().join("benches/gen_large_vars.py"))
        .arg(&out)
        .status()
        .expect("run python3 benches/gen_large_vars.py");
    assert!(status.success(), "gen_large_vars.py failed");
    std::fs::read_to_string(&out).expect("the generated var file")
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}
