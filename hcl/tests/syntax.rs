//! The differential test against Terraform's parser: every text of `syntax/cases.json` (grammar-
//! generated HCL with line breaks, comments and heredocs at legal and illegal places, one-edit
//! mutations of this repository's `.tf` and `.tfvars` files, and hand-written constructs) with
//! the syntax errors Terraform 1.11.4 reported for it as a `.tf` file, recorded by
//! `syntax/record.py`. Accepting or rejecting, and every error's summary, detail and start
//! (line, column, byte), must be Terraform's, in Terraform's order.
//!
//! `terraform_still_agrees_with_the_recording` re-judges a sample with the Terraform on the
//! PATH, when there is one, so the recording cannot drift from Terraform unnoticed.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use tfvars_hcl::LineIndex;

fn cases_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/syntax/cases.json")
}

/// A recorded text: where it came from, the file name Terraform read it under, the text, and
/// Terraform's syntax errors.
struct Case {
    origin: String,
    file: String,
    text: String,
    diagnostics: Vec<Value>,
}

fn recorded() -> Vec<Case> {
    let text = std::fs::read_to_string(cases_path()).expect("tests/syntax/cases.json");
    let doc: Value = serde_json::from_str(&text).expect("cases.json is JSON");
    doc["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .map(|c| Case {
            origin: c["origin"].as_str().expect("origin").to_string(),
            file: c["file"].as_str().expect("file").to_string(),
            text: c["text"].as_str().expect("text").to_string(),
            diagnostics: c["diagnostics"].as_array().expect("diagnostics").clone(),
        })
        .collect()
}

/// A diagnostic as compared: summary, detail and start.
fn shown(summary: &str, detail: &str, start: [u64; 3]) -> String {
    format!(
        "{}:{} (byte {}) {summary}: {detail}",
        start[0], start[1], start[2]
    )
}

fn ours(text: &str, file: &str) -> Vec<String> {
    let arena = tfvars_hcl::Arena::new();
    let parsed = tfvars_hcl::parse_body(&arena, text, file);
    let lines = LineIndex::new(text);
    parsed
        .diagnostics
        .iter()
        .map(|d| {
            let (start, _) = d.positions(text, &lines);
            shown(
                &d.summary,
                &d.detail,
                [start.line.into(), start.column.into(), start.byte.into()],
            )
        })
        .collect()
}

fn theirs(diagnostics: &[Value]) -> Vec<String> {
    diagnostics
        .iter()
        .map(|d| {
            let start = &d["start"];
            let n = |i: usize| start[i].as_u64().expect("position");
            shown(
                d["summary"].as_str().expect("summary"),
                d["detail"].as_str().expect("detail"),
                [n(0), n(1), n(2)],
            )
        })
        .collect()
}

#[test]
fn every_recorded_text_is_judged_as_terraform_judges_it() {
    let cases = recorded();
    assert!(cases.len() > 1000, "{} cases", cases.len());
    let mut wrong_verdict = Vec::new();
    let mut wrong_errors = Vec::new();
    for Case {
        origin,
        file,
        text,
        diagnostics,
    } in &cases
    {
        let (ours, theirs) = (ours(text, file), theirs(diagnostics));
        if ours.is_empty() != theirs.is_empty() {
            wrong_verdict.push(format!(
                "{origin} {text:?}\n  ours:   {ours:?}\n  theirs: {theirs:?}"
            ));
        } else if ours != theirs {
            wrong_errors.push(format!(
                "{origin} {text:?}\n  ours:   {ours:?}\n  theirs: {theirs:?}"
            ));
        }
    }
    let rejected = cases.iter().filter(|c| !c.diagnostics.is_empty()).count();
    eprintln!(
        "{} texts ({rejected} rejected by Terraform): {} verdicts differ, {} error lists differ",
        cases.len(),
        wrong_verdict.len(),
        wrong_errors.len()
    );
    assert!(
        wrong_verdict.is_empty() && wrong_errors.is_empty(),
        "verdicts:\n{}\n\nerrors:\n{}",
        wrong_verdict.join("\n"),
        wrong_errors.join("\n")
    );
}

/// Re-judges every 10th recorded text with the Terraform on the PATH (`record.py --check`).
#[test]
fn terraform_still_agrees_with_the_recording() {
    let terraform = Command::new("terraform").arg("version").output();
    if !terraform.is_ok_and(|o| o.status.success()) {
        eprintln!(
            "\n*** terraform is not on the PATH: the recorded verdicts were checked, but not \
             re-judged by Terraform ***\n"
        );
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/syntax/record.py");
    let out = Command::new("python3")
        .arg(&script)
        .args(["--check", "10"])
        .output()
        .expect("python3 runs record.py");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "Terraform no longer agrees with the recording:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("{}", stdout.trim_end());
}

/// `parse_body_with` tells of exactly the top-level blocks of the body it returns, in order,
/// and parses as `parse_body` does, on every recorded text (syntax errors and recovery
/// included).
#[test]
fn blocks_told_while_parsing_are_the_top_level_blocks_of_the_body() {
    let cases = recorded();
    let mut told_in_all = 0;
    for case in &cases {
        let arena = tfvars_hcl::Arena::new();
        let mut told = Vec::new();
        let streamed =
            tfvars_hcl::parse_body_with(&arena, &case.text, &case.file, |b| told.push(b));
        let plain = tfvars_hcl::parse_body(&arena, &case.text, &case.file);
        let blocks: Vec<_> = plain.value.blocks().copied().collect();
        assert_eq!(told, blocks, "{}", case.origin);
        assert_eq!(streamed.value, plain.value, "{}", case.origin);
        assert_eq!(streamed.diagnostics, plain.diagnostics, "{}", case.origin);
        told_in_all += told.len();
    }
    assert!(told_in_all > 1000, "{told_in_all} blocks told");
}
