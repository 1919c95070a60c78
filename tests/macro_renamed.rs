//! The `crate = …` option: a crate that depends on `tfvars` under another name
//! (`tests/renamed_crate`, its own workspace) builds and runs.

use std::process::Command;

#[test]
fn renamed_dependency_builds_and_runs() {
    let root = env!("CARGO_MANIFEST_DIR");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        // `--locked`: the test crate is a workspace of its own with a tracked `Cargo.lock`, which
        // cargo would otherwise rewrite, leaving the tree dirty, whenever the workspace's
        // dependencies change.
        .args(["run", "--quiet", "--locked", "--manifest-path"])
        .arg(format!("{root}/tests/renamed_crate/Cargo.toml"))
        // A target directory of its own: the outer `cargo test` holds the workspace's.
        .env("CARGO_TARGET_DIR", format!("{root}/target/renamed-crate"))
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !(stderr.contains("lock file") && stderr.contains("--locked")),
        "tests/renamed_crate/Cargo.lock is out of date with the workspace's dependencies: \
         run `cargo check --manifest-path tests/renamed_crate/Cargo.toml` (it updates the lock file as little as it can) and commit the lock file\n{stderr}"
    );
    assert!(
        out.status.success(),
        "`cargo run` of tests/renamed_crate: {}\nstderr:\n{stderr}\nstdout:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "ok");
}
