//! Bad modules: each `tests/modules/bad/<case>/` holds a module and `expected.txt`, the problems
//! the loader must report (`file:line:col: message`, one per line, in order), checked against
//! Terraform 1.11.4's own diagnostics for the same files. `TFVARS_BLESS=1` rewrites them.

use std::path::{Path, PathBuf};

use tfvars_codegen::{load, LoadErrorKind};

fn bad_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/modules/bad")
}

fn problems(case: &str) -> (LoadErrorKind, String) {
    let err = load(bad_dir().join(case)).expect_err("a bad module must not load");
    let lines: Vec<String> = err
        .problems
        .iter()
        .map(|p| match &p.location {
            Some(loc) => format!("{loc}: {}", p.message),
            None => p.message.clone(),
        })
        .collect();
    (err.kind, lines.join("\n") + "\n")
}

#[test]
fn every_bad_module_reports_its_problems() {
    let bless = std::env::var_os("TFVARS_BLESS").is_some();
    let mut cases: Vec<_> = std::fs::read_dir(bad_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 15, "bad-module fixtures are missing");
    let mut failures = Vec::new();
    for dir in cases {
        let case = dir.file_name().unwrap().to_string_lossy().into_owned();
        let (_, got) = problems(&case);
        // Problems name files relative to the module; the directory itself is named as given.
        let got = got.replace(&bad_dir().join(&case).display().to_string(), "<dir>");
        let expected_path = dir.join("expected.txt");
        if bless {
            std::fs::write(&expected_path, &got).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("{case}: expected.txt is missing"));
        if got != expected {
            failures.push(format!("== {case}\n-- expected\n{expected}-- got\n{got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every case with Terraform's own diagnostics recorded (`terraform.txt`, written by
/// `tests/modules/bad/record.py`) gets exactly those problems: the same places, summaries and
/// details, each once.
#[test]
fn problems_are_the_ones_terraform_reports() {
    let mut recorded = 0;
    let mut failures = Vec::new();
    for entry in std::fs::read_dir(bad_dir()).unwrap() {
        let dir = entry.unwrap().path();
        let Ok(terraform) = std::fs::read_to_string(dir.join("terraform.txt")) else {
            continue;
        };
        recorded += 1;
        let case = dir.file_name().unwrap().to_string_lossy().into_owned();
        let ours: std::collections::BTreeSet<String> =
            problems(&case).1.lines().map(String::from).collect();
        let theirs: std::collections::BTreeSet<String> =
            terraform.lines().map(String::from).collect();
        if ours != theirs {
            let only_ours: Vec<_> = ours.difference(&theirs).collect();
            let only_theirs: Vec<_> = theirs.difference(&ours).collect();
            failures.push(format!(
                "== {case}\n-- only tfvars: {only_ours:#?}\n-- only Terraform: {only_theirs:#?}"
            ));
        }
    }
    assert!(
        recorded >= 20,
        "only {recorded} recordings of Terraform's diagnostics"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn kinds_tell_empty_modules_apart() {
    assert_eq!(problems("no_files").0, LoadErrorKind::NoFiles);
    assert_eq!(problems("no_variables").0, LoadErrorKind::NoVariables);
    assert_eq!(problems("syntax_error").0, LoadErrorKind::Invalid);
    let err = load(bad_dir().join("does-not-exist")).unwrap_err();
    assert_eq!(err.kind, LoadErrorKind::Directory);
    assert!(err.problems[0].message.contains("does not exist"));
    assert!(!err.is_empty_module());
    assert!(load(bad_dir().join("no_files"))
        .unwrap_err()
        .is_empty_module());
}

#[test]
fn problems_carry_the_source_line() {
    let err = load(bad_dir().join("unknown_argument")).unwrap_err();
    assert_eq!(err.problems[0].snippet.as_deref(), Some("foo        = 1"));
    let shown = err.to_string();
    assert!(
        shown.starts_with("main.tf:3:3: Unsupported argument: An argument named \"foo\" is not expected here\n  | foo        = 1"),
        "{shown}"
    );
}
