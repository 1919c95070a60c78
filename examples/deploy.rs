//! A deployment program that checks the plan before applying it: it builds the
//! `examples/deploy` module's variables as typed values, validates them, writes them as
//! `.tfvars.json`, runs `terraform plan`, checks the plan against `examples/deploy/plan-spec.yaml`
//! and applies the saved plan only when it passes.
//!
//! ```text
//! cargo run --example deploy --features plan -- [--apply] [--bad] [WORK_DIR]
//! ```
//!
//! The module is copied into WORK_DIR (default `out/deploy`), where Terraform keeps its state.
//! Without `--apply` it stops after the check. `--bad` adds a rule on port 8080 from
//! `0.0.0.0/0`, which the spec rejects. Values known only after apply (the network's id)
//! are accepted as warnings.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use tfvars::plan::{Plan, Spec};

mod deploy {
    tfvars::terraform_vars!("deploy");
}

use deploy::{Variables, VariablesRules};

const MODULE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/deploy");

fn variables(bad: bool) -> Variables {
    let mut rules = BTreeMap::from([
        (
            "ssh".to_string(),
            VariablesRules::builder()
                .port(22)
                .cidrs(vec!["10.0.0.0/8".into()])
                .build(),
        ),
        (
            "https".to_string(),
            VariablesRules::builder()
                .port(443)
                .cidrs(vec!["10.1.0.0/16".into(), "10.2.0.0/16".into()])
                .build(),
        ),
    ]);
    if bad {
        rules.insert(
            "debug".to_string(),
            VariablesRules::builder()
                .port(8080)
                .cidrs(vec!["0.0.0.0/0".into()])
                .logging(false)
                .build(),
        );
    }
    Variables::builder()
        .environment("staging")
        .rules(rules)
        .admin_token(
            std::env::var("ADMIN_TOKEN").unwrap_or_else(|_| "s3cret-token-0123456789".into()),
        )
        .build()
}

/// Runs Terraform in `dir`, offline; returns its stdout.
fn terraform(dir: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("terraform")
        .args(args)
        .current_dir(dir)
        .env("CHECKPOINT_DISABLE", "1")
        .env("TF_IN_AUTOMATION", "1")
        .output()
        .map_err(|e| format!("cannot run `terraform`: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "`terraform {}` failed:\n{}{}",
            args.join(" "),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("terraform printed invalid UTF-8: {e}"))
}

fn run(work: &Path, apply: bool, bad: bool) -> Result<bool, String> {
    // 1. The variables, checked by the module's own validation rules.
    let vars = variables(bad);
    vars.validate()
        .map_err(|r| format!("the variables are not valid:\n{r}"))?;

    // 2. The module and the variables in the work directory.
    std::fs::create_dir_all(work)
        .map_err(|e| format!("cannot create `{}`: {e}", work.display()))?;
    for file in ["main.tf", "variables.tf"] {
        std::fs::copy(Path::new(MODULE).join(file), work.join(file))
            .map_err(|e| format!("cannot copy `{file}`: {e}"))?;
    }
    vars.write_tfvars_json(work.join("deploy.auto.tfvars.json"))
        .map_err(|e| format!("cannot write the variables: {e}"))?;

    // 3. The plan, saved, and its JSON.
    terraform(
        work,
        &["init", "-input=false", "-backend=false", "-no-color"],
    )?;
    terraform(
        work,
        &["plan", "-input=false", "-no-color", "-out=deploy.tfplan"],
    )?;
    let json = terraform(work, &["show", "-json", "deploy.tfplan"])?;

    // 4. The check.
    let spec = Spec::load(Path::new(MODULE).join("plan-spec.yaml")).map_err(|e| e.to_string())?;
    let plan = Plan::from_json(&json).map_err(|e| format!("terraform show -json: {e}"))?;
    let report = spec.check(&plan);
    for f in report.unknowns() {
        eprintln!("warning: {f}");
    }
    for f in report.violations() {
        eprintln!("{f}");
    }
    let allow_unknown = true;
    if !report.passes(allow_unknown) {
        eprintln!("the plan does not pass its spec: not applied");
        return Ok(false);
    }
    eprintln!(
        "the plan passes its spec ({} instances checked)",
        report.checked
    );

    // 5. Apply exactly the plan that was checked.
    if apply {
        terraform(
            work,
            &["apply", "-input=false", "-no-color", "deploy.tfplan"],
        )?;
        eprintln!("applied");
    }
    Ok(true)
}

fn main() -> ExitCode {
    let mut apply = false;
    let mut bad = false;
    let mut work = PathBuf::from("out/deploy");
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--apply" => apply = true,
            "--bad" => bad = true,
            _ => work = PathBuf::from(arg),
        }
    }
    match run(&work, apply, bad) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
