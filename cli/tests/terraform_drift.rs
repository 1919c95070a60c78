//! Live re-check of the conformance recordings: when `terraform` is on the PATH, a fixed sample
//! of recorded cases is run again with it (in a temporary copy of each module) and must give the
//! recorded verdict, values and diagnostics. Without Terraform the check is skipped, loudly.

mod conformance_support;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use conformance_support::{compare_values, load_cases, parse, Case, Diagnostic, Json};

/// How many cases to re-run.
const SAMPLE: usize = 12;

fn terraform_version() -> Option<String> {
    let out = Command::new("terraform")
        .args(["version", "-json"])
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let j = parse(String::from_utf8_lossy(&out.stdout).trim()).ok()?;
    j.get("terraform_version")
        .and_then(Json::as_str)
        .map(String::from)
}

/// A deterministic sample spread over the whole (sorted) list of cases, always including a
/// rejection with several diagnostics and a multi-file case; every case with
/// `TFVARS_DRIFT_ALL=1` (a few minutes).
fn sample(cases: &[Case]) -> Vec<&Case> {
    if std::env::var_os("TFVARS_DRIFT_ALL").is_some_and(|v| v == "1") {
        return cases.iter().collect();
    }
    let step = (cases.len() / SAMPLE).max(1);
    let mut picked: Vec<&Case> = cases.iter().step_by(step).take(SAMPLE).collect();
    for want in [
        "multifile/later_wins",
        "json_syntax/comment_line",
        "src_layers/all_sources",
        "src_lexical/auto_loaded",
        "src_parse/env_list_type_error",
        "src_parse/var_list_bad_syntax",
        "src_undeclared/var_and_file",
        "src_undeclared/env",
        "src_positions/validation_var_file",
        "src_positions_auto/validation_auto",
        "src_parse/env_two_errors",
        "src_auto_malformed/both_malformed",
        "files_values/scratch",
        "files_errors/scratch",
        "src_values_that_count/failing_values_counted",
        "hcl_exprs/template_two_errors",
    ] {
        if let Some(c) = cases.iter().find(|c| c.name == want) {
            if !picked.iter().any(|p| p.name == c.name) {
                picked.push(c);
            }
        }
    }
    picked
}

fn terraform(
    dir: &Path,
    args: &[String],
    env: &[(String, String)],
    empty_rc: &Path,
) -> std::process::Output {
    let mut cmd = Command::new("terraform");
    cmd.current_dir(dir)
        .args(args)
        .env("CHECKPOINT_DISABLE", "1")
        .env("TF_CLI_CONFIG_FILE", empty_rc)
        .env("TF_IN_AUTOMATION", "1")
        .env_remove("TF_CLI_ARGS")
        .env_remove("TF_CLI_ARGS_plan")
        .env_remove("TF_DATA_DIR");
    for (k, _) in std::env::vars() {
        if k.starts_with("TF_VAR_") {
            cmd.env_remove(k);
        }
    }
    cmd.envs(env.iter().cloned());
    cmd.output().expect("run terraform")
}

/// The diagnostics of a `terraform plan -json` stream, normalised as `record.py` does.
fn diagnostics_of(stdout: &str) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for line in stdout.lines().filter(|l| l.trim_start().starts_with('{')) {
        let Ok(msg) = parse(line.trim()) else {
            continue;
        };
        if msg.get("type").and_then(Json::as_str) != Some("diagnostic") {
            continue;
        }
        let d = msg.get("diagnostic").unwrap();
        let s = |k: &str| d.get(k).and_then(Json::as_str).map(String::from);
        let location = d.get("range").map(|r| {
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
        });
        diags.push(Diagnostic {
            severity: s("severity").unwrap_or_default(),
            summary: s("summary").unwrap_or_default(),
            detail: Some(s("detail").unwrap_or_default()),
            location,
        });
    }
    if diags
        .iter()
        .any(|d| d.summary == "Values for undeclared variables")
    {
        for d in diags
            .iter_mut()
            .filter(|d| d.summary == "Value for undeclared variable")
        {
            d.detail = None;
        }
    }
    diags.sort_by_key(|a| a.sort_key());
    diags
}

fn copy_case(case: &Case, to: &Path) {
    fs::create_dir_all(to.join("inputs")).unwrap();
    for module_file in ["main.tf", "main.tf.json"] {
        if case.module_dir.join(module_file).is_file() {
            fs::copy(case.module_dir.join(module_file), to.join(module_file)).unwrap();
        }
    }
    for f in &case.var_files {
        fs::copy(case.module_dir.join(f), to.join(f)).unwrap();
    }
    for f in &case.layout {
        if let Some(parent) = to.join(f).parent() {
            fs::create_dir_all(parent).unwrap();
        }
        fs::copy(case.module_dir.join(f), to.join(f)).unwrap();
    }
    // A case of input sources names its files in its arguments: copy the whole inputs folder.
    if case.args.is_some() {
        if let Ok(entries) = fs::read_dir(case.module_dir.join("inputs")) {
            for e in entries {
                let p = e.unwrap().path();
                fs::copy(&p, to.join("inputs").join(p.file_name().unwrap())).unwrap();
            }
        }
    }
}

/// (severity, summary, filename, start line/column/byte, end line/column/byte) of each
/// diagnostic with a range, in a `terraform plan -json` stream or a `tfvars validate --json`
/// document.
type Ranged = (String, String, String, [String; 6]);

fn ranged(d: &Json) -> Option<Ranged> {
    let r = d.get("range")?;
    let pos = |which: &str, k: &str| match r.get(which).and_then(|p| p.get(k)) {
        Some(Json::Num(n)) => n.clone(),
        _ => String::new(),
    };
    let s = |k: &str| d.get(k).and_then(Json::as_str).unwrap_or("").to_string();
    Some((
        s("severity"),
        s("summary"),
        r.get("filename")
            .and_then(Json::as_str)
            .unwrap_or("")
            .to_string(),
        [
            pos("start", "line"),
            pos("start", "column"),
            pos("start", "byte"),
            pos("end", "line"),
            pos("end", "column"),
            pos("end", "byte"),
        ],
    ))
}

/// `tfvars validate --json` on a case, against Terraform's own ranges: every range we give
/// starts where Terraform's does (line, column, byte); where we give an end (a value, an error
/// inside a condition, a `variable` header), it is Terraform's end too.
fn json_ranges_agree(case: &Case, dir: &Path, terraform_stdout: &str) -> Vec<String> {
    let args: Vec<String> = match &case.args {
        Some(args) => args.clone(),
        None => case
            .var_files
            .iter()
            .map(|f| format!("-var-file={f}"))
            .collect(),
    };
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfvars"));
    cmd.current_dir(dir)
        .args([
            "validate",
            "--json",
            "--terraform-version",
            "1.11",
            "-i",
            ".",
        ])
        .args(args);
    for (k, _) in std::env::vars_os() {
        if k.to_string_lossy().starts_with("TF_VAR_") {
            cmd.env_remove(k);
        }
    }
    cmd.envs(case.env.iter().cloned());
    let out = cmd.output().expect("run tfvars");
    let ours = parse(String::from_utf8_lossy(&out.stdout).trim()).expect("--json output");
    let theirs: Vec<Ranged> = terraform_stdout
        .lines()
        .filter_map(|l| parse(l.trim()).ok())
        .filter(|m| m.get("type").and_then(Json::as_str) == Some("diagnostic"))
        .filter_map(|m| m.get("diagnostic").and_then(ranged))
        .collect();
    let Some(Json::Arr(list)) = ours.get("diagnostics") else {
        return vec!["--json printed no diagnostics array".into()];
    };
    let mut problems = Vec::new();
    for (sev, summary, file, pos) in list.iter().filter_map(ranged) {
        let zero_width = pos[..3] == pos[3..];
        let found = theirs.iter().any(|(s, m, f, p)| {
            *s == sev
                && *m == summary
                && *f == file
                && p[..3] == pos[..3]
                && (zero_width || *p == pos)
        });
        if !found {
            problems.push(format!(
                "--json range of {sev} «{summary}» {file} {pos:?} is not one of terraform's"
            ));
        }
    }
    problems
}

/// Re-runs one case; returns the differences from the recording.
fn recheck(case: &Case, dir: &Path, empty_rc: &Path) -> Vec<String> {
    let plan_file = dir.join("drift.tfplan");
    let mut args: Vec<String> = ["plan", "-input=false", "-no-color", "-lock=false", "-json"]
        .map(String::from)
        .to_vec();
    args.push(format!("-out={}", plan_file.display()));
    match &case.args {
        Some(a) => args.extend(a.iter().cloned()),
        None => args.extend(case.var_files.iter().map(|f| format!("-var-file={f}"))),
    }
    let mut out = terraform(dir, &args, &case.env, empty_rc);
    // `path.cwd` and `abspath` give the folder: recorded as `<MODULE_DIR>`.
    let real = fs::canonicalize(dir).unwrap();
    let placeholder = |text: &str| text.replace(real.to_str().unwrap(), "<MODULE_DIR>");
    let mut diags = diagnostics_of(&placeholder(&String::from_utf8_lossy(&out.stdout)));
    let unsaveable = diags
        .iter()
        .any(|d| d.summary == "Failed to write plan file");
    if unsaveable {
        args.retain(|a| !a.starts_with("-out="));
        out = terraform(dir, &args, &case.env, empty_rc);
        diags = diagnostics_of(&placeholder(&String::from_utf8_lossy(&out.stdout)));
    }
    let mut problems = json_ranges_agree(case, dir, &String::from_utf8_lossy(&out.stdout));
    let exit = out.status.code().unwrap_or(-1);
    if exit != case.exit {
        problems.push(format!("exit {exit}, recorded {}", case.exit));
    }
    if diags != case.diagnostics {
        problems.push(format!(
            "diagnostics differ:\n    now      {diags:?}\n    recorded {:?}",
            case.diagnostics
        ));
    }
    if exit == 0 && !unsaveable && case.values.is_some() {
        let show = terraform(
            dir,
            &[
                "show".into(),
                "-json".into(),
                plan_file.display().to_string(),
            ],
            &[],
            empty_rc,
        );
        let j = parse(String::from_utf8_lossy(&show.stdout).trim()).expect("show -json");
        let outputs = j
            .get("planned_values")
            .and_then(|p| p.get("outputs"))
            .expect("planned_values.outputs");
        let Json::Obj(members) = outputs else {
            panic!("outputs are not an object")
        };
        let mut values = Vec::new();
        for (name, o) in members.iter().filter(|(n, _)| !n.ends_with("__json")) {
            let value = match outputs.get(&format!("{name}__json")) {
                Some(exact) => parse(exact.get("value").and_then(Json::as_str).unwrap()).unwrap(),
                None => o.get("value").cloned().unwrap_or(Json::Null),
            };
            values.push((name.clone(), value));
        }
        problems.extend(compare_values(case, &Json::Obj(values)));
    }
    problems
}

#[test]
fn terraform_drift_live_recheck_or_loud_skip() {
    let Some(version) = terraform_version() else {
        eprintln!(
            "\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\
             TERRAFORM NOT FOUND: drift check skipped; the conformance recordings were NOT \
             re-checked against a live Terraform (put terraform 1.11.4 on the PATH)\n\
             !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n"
        );
        return;
    };
    assert_eq!(
        version, "1.11.4",
        "the recordings are for terraform 1.11.4; found {version}"
    );
    let cases = load_cases();
    let picked = sample(&cases);
    let root: PathBuf = std::env::temp_dir().join(format!("tfvars-drift-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap();
    let empty_rc = root.join("empty.tfrc");
    fs::write(&empty_rc, "").unwrap();

    let mut failures = Vec::new();
    for (i, case) in picked.iter().enumerate() {
        let dir = root.join(format!("case{i}"));
        copy_case(case, &dir);
        let problems = recheck(case, &dir, &empty_rc);
        eprintln!(
            "drift: {} {}",
            case.name,
            if problems.is_empty() { "ok" } else { "DIFFERS" }
        );
        for p in problems {
            failures.push(format!("{}: {p}", case.name));
        }
    }
    let _ = fs::remove_dir_all(&root);
    eprintln!(
        "drift: re-ran {} recorded cases with terraform {version}: {} differ",
        picked.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "recordings no longer match terraform (re-run tests/conformance/record.py):\n{}",
        failures.join("\n")
    );
}
