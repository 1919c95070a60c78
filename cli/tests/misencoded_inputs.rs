//! `tfvars validate` on `TF_VAR_` and `-var` texts holding bytes that are not UTF-8, as
//! Terraform 1.11.4 judged them (`terraform plan -json`, recorded below): a string-typed
//! variable reads each bad byte as U+FFFD; a variable of a complex type is refused with
//! "Invalid character encoding" at the first bad byte outside a comment, one byte wide.
#![cfg(unix)]

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

const MODULE: &str = r#"variable "s" {
  type    = string
  default = "d"
}

variable "l" {
  type    = list(string)
  default = []
}
"#;

/// A folder of its own for each call holding the module: the tests may run side by side.
fn module() -> PathBuf {
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "tfvars-misencoded-cli-{}-{}",
        std::process::id(),
        CALLS.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    std::fs::write(dir.join("variables.tf"), MODULE).expect("write");
    dir
}

/// `tfvars validate --json --values` with the environment and `-var` texts given as bytes.
fn validate(env: &[(&str, &[u8])], vars: &[&[u8]]) -> (i32, serde_json::Value) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfvars"));
    let dir = module();
    cmd.args(["validate", "--json", "--values", "--no-auto-files", "-i"])
        .arg(&dir)
        .env_clear();
    for (k, v) in env {
        cmd.env(k, OsString::from_vec(v.to_vec()));
    }
    for v in vars {
        cmd.arg("-var").arg(OsString::from_vec(v.to_vec()));
    }
    let out = cmd.output().expect("runs");
    let _ = std::fs::remove_dir_all(&dir);
    let json = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    (out.status.code().expect("exits"), json)
}

/// Each diagnostic as `summary @ file start(line,column,byte)-end(line,column,byte)`.
fn diagnostics(json: &serde_json::Value) -> Vec<String> {
    let pos = |p: &serde_json::Value| format!("{},{},{}", p["line"], p["column"], p["byte"]);
    json["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            let r = &d["range"];
            format!(
                "{} @ {} {}-{}",
                d["summary"].as_str().unwrap(),
                r["filename"].as_str().unwrap(),
                pos(&r["start"]),
                pos(&r["end"])
            )
        })
        .collect()
}

#[test]
fn a_string_reads_each_bad_byte_as_the_replacement_character() {
    // Terraform: `length(var.s)` is 3, then 4 for a cut two-byte sequence.
    let (code, json) = validate(&[("TF_VAR_s", b"a\xffb")], &[]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["values"]["s"], "a\u{fffd}b");
    let (code, json) = validate(&[], &[b"s=a\xe2\x82b"]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["values"]["s"], "a\u{fffd}\u{fffd}b");
}

#[test]
fn an_expression_is_refused_at_the_first_bad_byte_outside_a_comment() {
    // Terraform also reports "Unterminated template string" at the same range after the first
    // two; tfvars reports the encoding error alone, as for variables files.
    let cases: [(&[u8], &str); 3] = [
        (b"[\"a\xffb\"]", "<value for var.l> 1,4,3-1,5,4"),
        (b"\xff", "<value for var.l> 1,1,0-1,2,1"),
        (b"# \xfe\xfe\n[\"a\xffb\"]", "<value for var.l> 2,4,8-2,5,9"),
    ];
    for (text, at) in cases {
        let expected = [format!("Invalid character encoding @ {at}")];
        let (code, json) = validate(&[("TF_VAR_l", text)], &[]);
        assert_eq!((code, diagnostics(&json)), (1, expected.to_vec()), "{json}");
        let mut option = b"l=".to_vec();
        option.extend_from_slice(text);
        let (code, json) = validate(&[], &[&option]);
        assert_eq!((code, diagnostics(&json)), (1, expected.to_vec()), "{json}");
    }
    let (code, json) = validate(&[("TF_VAR_l", b"[\"ab\"] # \xff")], &[]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["values"]["l"], serde_json::json!(["ab"]));
}
