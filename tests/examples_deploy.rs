//! The deployment program `examples/deploy.rs` applies a plan only when it passes its spec
//! (`examples/deploy/plan-spec.yaml`).
//!
//! With `terraform` on the PATH the example runs for real, twice: with the good rules (the
//! plan passes, values known only after apply are warnings, the plan is applied) and with
//! `--bad` (three violations, nothing applied). Without Terraform the test says so loudly and
//! checks the spec against the plan of the bad rules recorded from Terraform 1.11.4
//! (`tests/examples_deploy.recorded.json`).

use std::path::PathBuf;
use std::process::Command;

use tfvars::plan::{Plan, Spec};

const VIOLATIONS: &str = r#"terraform_data.rule["debug"]: input.cidrs[0]: expected a string matching "^10\\.", found "0.0.0.0/0"
terraform_data.rule["debug"]: input.logging: expected true, found false
terraform_data.rule["debug"]: input.port: expected one of 22, 443, found 8080
"#;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn example_binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let path = exe
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples/deploy");
    assert!(
        path.exists(),
        "`{}` is missing: `cargo test --features plan` builds it (or `cargo build --example deploy --features plan`)",
        path.display()
    );
    path
}

fn terraform_available() -> bool {
    Command::new("terraform")
        .arg("version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_spec_rejects_the_recorded_plan_of_the_bad_rules() {
    let spec = Spec::load(root().join("examples/deploy/plan-spec.yaml")).unwrap();
    let text = std::fs::read_to_string(root().join("tests/examples_deploy.recorded.json")).unwrap();
    let report = spec.check(&Plan::from_json(&text).unwrap());
    let violations: String = report.violations().map(|f| format!("{f}\n")).collect();
    assert_eq!(violations, VIOLATIONS);
    assert_eq!(report.unknowns().count(), 3, "the rules' `network_id`");
    assert!(!report.passes(true));
}

#[test]
fn the_example_applies_only_a_plan_that_passes() {
    if !terraform_available() {
        eprintln!(
            "NOTE: terraform is not on the PATH: the deploy example is not run; the recorded plan is checked instead"
        );
        return;
    }
    let base = std::env::temp_dir().join(format!("tfvars-deploy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let empty = base.join("empty.tfrc");
    std::fs::create_dir_all(&base).unwrap();
    std::fs::write(&empty, "").unwrap();
    let run = |args: &[&str]| {
        Command::new(example_binary())
            .args(args)
            .env("TF_CLI_CONFIG_FILE", &empty)
            .output()
            .unwrap()
    };

    let good = base.join("good");
    let out = run(&["--apply", good.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("the plan passes its spec (3 instances checked)"),
        "{stderr}"
    );
    assert!(stderr.ends_with("applied\n"), "{stderr}");
    assert!(good.join("terraform.tfstate").exists());
    assert!(!stderr.contains("s3cret"), "{stderr}");

    let bad = base.join("bad");
    let out = run(&["--bad", "--apply", bad.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let violations: String = stderr
        .lines()
        .filter(|l| !l.starts_with("warning: ") && l.starts_with("terraform_data"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(violations, VIOLATIONS);
    assert!(
        stderr.ends_with("the plan does not pass its spec: not applied\n"),
        "{stderr}"
    );
    assert!(
        !bad.join("terraform.tfstate").exists(),
        "nothing was applied"
    );
    let _ = std::fs::remove_dir_all(&base);
}
