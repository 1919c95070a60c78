//! `tfvars check-plan`: output lines, `--json`, `--allow-unknown`, stdin, and exit statuses
//! (0 pass, 1 violations or unknowns, 2 unusable spec or plan), on plans recorded from
//! Terraform (`runtime/tests/data/plans`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

fn plans() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/tests/data/plans")
}

fn plan(name: &str) -> String {
    plans().join(format!("{name}.json")).display().to_string()
}

/// Writes a spec file and returns its path.
fn spec(name: &str, text: &str) -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "tfvars-check-plan-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the spec");
    path.display().to_string()
}

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tfvars"))
        .arg("check-plan")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut input = child.stdin.take().expect("stdin");
    input
        .write_all(stdin.unwrap_or("").as_bytes())
        .expect("write stdin");
    drop(input);
    child.wait_with_output().expect("finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

const ISSUE_SPEC: &str = r#"
resources:
  terraform_data:                 # every planned instance of this type, in any module
    input:
      port: {opt: {any: [22, 443]}}
      cidrs: {opt: {list: {of: [{regex: "^10\\."}], min: 1}}}
      logging: {opt: true}
      legacy: forbid
  aws_instance: forbid            # no instance of this type may be created
"#;

#[test]
fn violations_one_per_line_and_exit_1() {
    let s = spec("spec.yaml", ISSUE_SPEC);
    let out = run(&["--spec", &s, &plan("rules")], None);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        r#"terraform_data.rule["alt"]: input.cidrs: expected a list of at least 1 element, each a string matching "^10\\.", found a list of 0 elements
terraform_data.rule["alt"]: input.logging: expected true, found false
terraform_data.rule["alt"]: input.port: expected one of 22, 443, found 8080
"#
    );
    assert_eq!(
        text(&out.stderr),
        "failed: 5 instances checked, 0 not (deletions, no-ops, reads); 3 violations, 0 unknown values\n"
    );
}

#[test]
fn a_passing_plan_exits_0_and_reads_stdin() {
    let s = spec("spec.yaml", ISSUE_SPEC);
    let plan_text = std::fs::read_to_string(plan("modules")).unwrap();
    let out = run(&["--spec", &s, "-"], Some(&plan_text));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "passed: 10 instances checked, 0 not (deletions, no-ops, reads); 0 violations, 0 unknown values\n"
    );
    // A JSON spec is the same model; deletions and no-ops are not checked.
    let s = spec(
        "spec.json",
        r#"{"resources": {"terraform_data": {"input": {"size": {"any": [2, 3, 4]}}}}}"#,
    );
    let out = run(&["--spec", &s, &plan("changes")], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
    assert!(text(&out.stderr).starts_with("passed: 3 instances checked, 2 not"));
}

#[test]
fn unknown_values_fail_unless_allowed() {
    let s = spec(
        "spec.yaml",
        "resources:\n  terraform_data:\n    input: anything\n",
    );
    let out = run(&["--spec", &s, &plan("unknown")], None);
    assert_eq!(out.status.code(), Some(1));
    let line =
        "terraform_data.whole: input: expected a value (not null), found (known after apply)\n";
    assert_eq!(text(&out.stdout), line);
    assert!(text(&out.stderr).contains("1 unknown value (allow them with `--allow-unknown`)"));

    let out = run(&["--spec", &s, "--allow-unknown", &plan("unknown")], None);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "");
    assert!(text(&out.stderr).starts_with(&format!("warning: {line}passed:")));

    let out = run(
        &["--spec", &s, "--allow-unknown", "--json", &plan("unknown")],
        None,
    );
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["passed"], true);
    assert_eq!(v["unknowns"], 1);
    assert_eq!(v["findings"][0]["kind"], "unknown");
    assert_eq!(v["findings"][0]["severity"], "warning");
}

#[test]
fn json_output_for_machines() {
    let s = spec("spec.yaml", ISSUE_SPEC);
    let out = run(&["--json", "--spec", &s, &plan("provider")], None);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["passed"], false);
    assert_eq!(v["format_version"], "1.2");
    assert_eq!(
        (v["checked"].as_u64(), v["skipped"].as_u64()),
        (Some(4), Some(3))
    );
    assert_eq!(v["violations"], 1);
    let f = &v["findings"][0];
    assert_eq!(f["kind"], "violation");
    assert_eq!(f["severity"], "error");
    assert_eq!(f["address"], "aws_instance.web[0]");
    assert_eq!(f["resource_type"], "aws_instance");
    assert_eq!(f["path"], "");
    assert_eq!(f["found"], "a create");
    assert_eq!(
        f["message"],
        "aws_instance.web[0]: expected no `aws_instance` instance (the type is forbidden), found a create"
    );
}

#[test]
fn sensitive_values_stay_out_of_every_output() {
    let s = spec(
        "spec.yaml",
        "resources:\n  terraform_data:\n    input: {any: [{password: {regex: '^x'}}, {regex: '^x'}]}\n",
    );
    for extra in [&[][..], &["--json"][..]] {
        let mut args = vec!["--spec", &s];
        args.extend_from_slice(extra);
        let p = plan("sensitive");
        args.push(&p);
        let out = run(&args, None);
        assert_eq!(out.status.code(), Some(1));
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(all.contains("(sensitive value)"), "{all}");
        assert!(!all.contains("hunter2"), "{all}");
    }
}

#[test]
fn an_unusable_spec_or_plan_exits_2() {
    let good = spec("spec.yaml", ISSUE_SPEC);
    let bad = spec(
        "bad.yaml",
        "resources:\n  t:\n    a: {list: {of: [1], mni: 2}}\n",
    );
    let out = run(&["--spec", &bad, &plan("rules")], None);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!("error: {bad}:3:30: resources.t.a.list.mni: unknown key `mni` of `list`: expected `of`, `min` or `max`\n")
    );

    let out = run(
        &["--spec", &good, "-"],
        Some("{\"format_version\": \"1.2\",\n\"resource_changes\": [,]}"),
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "error: <stdin>: not valid JSON: 2:22: expected a JSON value, found `,`\n"
    );

    let out = run(
        &["--spec", &good, "--json", "-"],
        Some(r#"{"format_version": "2.0"}"#),
    );
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["error"]["kind"], "plan");
    assert_eq!(
        v["error"]["message"],
        "<stdin>: unsupported plan format_version `2.0`: plans of format 1.x can be checked"
    );

    let missing = plans().join("missing.json").display().to_string();
    let out = run(&["--spec", &good, &missing], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with(&format!("error: cannot read the plan `{missing}`: ")));

    // Arguments clap rejects exit 2 as well.
    let out = run(&[&plan("rules")], None);
    assert_eq!(out.status.code(), Some(2));
}
