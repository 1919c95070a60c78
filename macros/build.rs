//! Detects `proc_macro::Span::local_file` (stable since Rust 1.88), which lets a module path be
//! resolved relative to the invoking file, like `include_str!`. Older compilers fall back to
//! the package root.

use std::process::Command;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(has_local_file)");
    println!("cargo:rerun-if-env-changed=RUSTC");
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let minor = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|v| v.split('.').nth(1).and_then(|m| m.parse::<u32>().ok()));
    if minor.is_some_and(|m| m >= 88) {
        println!("cargo:rustc-cfg=has_local_file");
    }
}
