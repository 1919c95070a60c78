//! The `crate = …` option: a crate that depends on `tfvars` under another name
//! (`tests/renamed_crate`, its own workspace) builds and runs.

use std::process::Command;

#[test]
fn renamed_dependency_builds_and_runs() {
    let root = env!("CARGO_MANIFEST_DIR");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["run", "--quiet", "--manifest-path"])
        .arg(format!("{root}/tests/renamed_crate/Cargo.toml"))
        // A target directory of its own: the outer `cargo test` holds the workspace's.
        .env("CARGO_TARGET_DIR", format!("{root}/target/renamed-crate"))
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "ok");
}
