//! File functions and `path.*` in validation rules, against Terraform 1.11.4: the `files_*`
//! cases of the conformance suite lay out a scratch folder (`data/`, templates) and give every
//! function (`file`, `fileexists`, `fileset`, `filebase64`, `filemd5`, `filesha1/256/512`,
//! `filebase64sha256/512`, `templatefile`, `pathexpand`, `abspath`) and `path.module`,
//! `path.root`, `path.cwd` a rule whose message (`jsonencode(EXPR)`) or error shows its result.
//! `tfvars validate --json` must give the same diagnostics: severity, summary and the message
//! itself exactly (machine paths replaced by `<MODULE_DIR>` on both sides), and for a failed
//! rule its location.

mod conformance_support;

use std::collections::BTreeMap;
use std::process::Command;

use conformance_support::{load_cases, parse, Case, Json};

/// (severity, summary, first paragraph of the detail) → locations.
type Found = BTreeMap<(String, String, String), Vec<String>>;

fn first_paragraph(detail: &str) -> String {
    detail.split("\n\n").next().unwrap_or("").trim().to_string()
}

fn ours(case: &Case) -> Found {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfvars"));
    cmd.current_dir(&case.module_dir)
        .args([
            "validate",
            "--json",
            "--terraform-version",
            "1.11",
            "-i",
            ".",
        ])
        .args(case.args.clone().unwrap_or_default());
    for (k, _) in std::env::vars_os() {
        if k.to_string_lossy().starts_with("TF_VAR_") {
            cmd.env_remove(k);
        }
    }
    cmd.envs(case.env.iter().cloned());
    let out = cmd.output().expect("run tfvars");
    assert_eq!(
        out.status.code(),
        Some(case.exit),
        "{}: exit status; stderr: {}",
        case.name,
        String::from_utf8_lossy(&out.stderr)
    );
    let real = std::fs::canonicalize(&case.module_dir).unwrap();
    let text = String::from_utf8_lossy(&out.stdout).replace(real.to_str().unwrap(), "<MODULE_DIR>");
    let j =
        parse(text.trim()).unwrap_or_else(|e| panic!("{}: --json output: {e}\n{text}", case.name));
    let mut found = Found::new();
    let Some(Json::Arr(diags)) = j.get("diagnostics") else {
        panic!("{}: no diagnostics array in {text}", case.name)
    };
    for d in diags {
        let s = |k: &str| d.get(k).and_then(Json::as_str).unwrap_or("").to_string();
        let location = d
            .get("range")
            .map(|r| {
                let start = r.get("start").unwrap();
                let n = |k: &str| match start.get(k) {
                    Some(Json::Num(n)) => n.clone(),
                    _ => String::new(),
                };
                format!(
                    "{}:{}:{}",
                    r.get("filename").and_then(Json::as_str).unwrap_or(""),
                    n("line"),
                    n("column")
                )
            })
            .unwrap_or_default();
        found
            .entry((s("severity"), s("summary"), first_paragraph(&s("detail"))))
            .or_default()
            .push(location);
    }
    found
}

#[test]
fn file_functions_as_terraform_evaluates_them() {
    let cases: Vec<Case> = load_cases()
        .into_iter()
        .filter(|c| c.name.starts_with("files_"))
        .collect();
    assert!(cases.len() >= 2, "no files_* cases recorded");
    let mut total = 0;
    let mut problems = Vec::new();
    for case in &cases {
        let ours = ours(case);
        let mut theirs = Found::new();
        for d in &case.diagnostics {
            total += 1;
            let key = (
                d.severity.clone(),
                d.summary.clone(),
                first_paragraph(d.detail.as_deref().unwrap_or("")),
            );
            theirs
                .entry(key)
                .or_default()
                .push(d.location.clone().unwrap_or_default());
        }
        for (key, mut at) in theirs.clone() {
            let Some(mut ours_at) = ours.get(&key).cloned() else {
                problems.push(format!("{}: not found: {key:?}", case.name));
                continue;
            };
            at.sort();
            ours_at.sort();
            // A failed rule is located at its variable, as in Terraform. (An error in a
            // condition is located at the condition, not yet at the call: counted only.)
            let differs = if key.1 == "Invalid value for variable" {
                at != ours_at
            } else {
                at.len() != ours_at.len()
            };
            if differs {
                problems.push(format!(
                    "{}: {key:?} at {ours_at:?}, terraform {at:?}",
                    case.name
                ));
            }
        }
        for key in ours.keys().filter(|k| !theirs.contains_key(*k)) {
            problems.push(format!("{}: ours only: {key:?}", case.name));
        }
    }
    eprintln!(
        "file functions: {total} recorded results, {} differences",
        problems.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
