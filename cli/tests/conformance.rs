//! Conformance against Terraform 1.11.4: every case recorded under `tests/conformance/cases`
//! (see the README there) is run through `tfvars validate --values --terraform-version 1.11`,
//! and the verdict and effective values must be Terraform's. Diagnostics are compared loosely
//! and reported as a figure, without failing.
//!
//! `TFVARS_CONFORMANCE_FILTER=conv_set` runs only the cases whose `module/case` name contains
//! the text.

mod conformance_support;

use std::collections::BTreeMap;
use std::process::Command;

use conformance_support::{compare_values, load_cases, parse, Case, Diagnostic};

/// What our run of one case gave.
struct Outcome {
    exit: i32,
    stdout: String,
    stderr: String,
}

fn run_tfvars(case: &Case) -> Outcome {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tfvars"));
    cmd.current_dir(&case.module_dir)
        .arg("validate")
        .arg("--values")
        .args(["--terraform-version", "1.11"])
        .env_remove("TF_CLI_ARGS");
    for (k, _) in std::env::vars_os() {
        if k.to_string_lossy().starts_with("TF_VAR_") {
            cmd.env_remove(k);
        }
    }
    match &case.args {
        // A case of input sources: Terraform's own command line and environment, in the
        // module folder (so the auto-loaded files are named as Terraform names them).
        Some(args) => {
            cmd.args(["-i", "."])
                .args(args)
                .envs(case.env.iter().cloned());
        }
        None => {
            cmd.arg("-i").arg(&case.module_dir).args(&case.var_files);
        }
    }
    let out = cmd.output().expect("run tfvars");
    Outcome {
        exit: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The part of a diagnostic worth looking for in our messages: for a conversion error, the
/// converter's message with its path (`element 0: string required`); otherwise the first
/// paragraph of the detail, and failing that the summary.
fn key_phrase(d: &Diagnostic) -> String {
    let detail = d.detail.clone().unwrap_or_default();
    for marker in [", which is sensitive: ", "declared at ", "defined at "] {
        if let Some(i) = detail.find(marker) {
            let rest = &detail[i + marker.len()..];
            let rest = if marker.ends_with(": ") {
                rest
            } else {
                // skip the `main.tf:1,1-13: ` location
                rest.split_once(": ").map_or(rest, |(_, r)| r)
            };
            return rest.trim_end_matches('.').to_string();
        }
    }
    // The first paragraph: the message itself, without Terraform's "This was checked by the
    // validation rule at main.tf:4,3-13" or advice that follows.
    let first = detail.split("\n\n").next().unwrap_or("").trim();
    if first.is_empty() {
        d.summary.clone()
    } else {
        first.trim_end_matches('.').to_string()
    }
}

/// Whether our stderr says what Terraform's diagnostic says: its key phrase or its summary
/// appears in it (ignoring case).
fn diagnostic_recognised(d: &Diagnostic, stderr: &str) -> bool {
    let ours = stderr.to_lowercase();
    ours.contains(&key_phrase(d).to_lowercase()) || ours.contains(&d.summary.to_lowercase())
}

/// True when a recorded value has a set somewhere in its type.
fn has_set(case: &Case) -> bool {
    case.types
        .as_ref()
        .is_some_and(|t| t.canonical().contains("\"set\""))
}

/// True when our values list every set's elements in the order Terraform does (the comparison
/// that decides agreement ignores set order).
fn same_order(case: &Case, ours: &conformance_support::Json) -> bool {
    let Some(conformance_support::Json::Obj(recorded)) = &case.values else {
        return true;
    };
    recorded.iter().all(|(name, theirs)| {
        ours.get(name)
            .is_some_and(|v| conformance_support::first_difference(v, theirs).is_none())
    })
}

/// The first lines of a message, joined: enough to see why without the whole text.
fn first_line(s: &str) -> String {
    s.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(2)
        .collect::<Vec<_>>()
        .join(" / ")
}

#[test]
fn conformance_with_terraform_1_11() {
    let filter = std::env::var("TFVARS_CONFORMANCE_FILTER").unwrap_or_default();
    let cases: Vec<Case> = load_cases()
        .into_iter()
        .filter(|c| c.name.contains(&filter))
        .collect();
    assert!(
        !cases.is_empty(),
        "no conformance cases found under tests/conformance/cases (filter {filter:?})"
    );

    let mut verdict_ok = 0usize;
    let mut values_checked = 0usize;
    let mut values_ok = 0usize;
    let mut set_cases = 0usize;
    let mut set_order_ok = 0usize;
    let mut set_order_bad: Vec<String> = Vec::new();
    let mut diag_total = 0usize;
    let mut diag_ok = 0usize;
    let mut diag_detail_ok = 0usize;
    let mut diag_located = 0usize;
    let mut diag_location_ok = 0usize;
    let mut diag_cases = 0usize;
    let mut diag_cases_ok = 0usize;
    // module → disagreements
    let mut verdict_bad: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut value_bad: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut diag_bad: Vec<String> = Vec::new();

    for case in &cases {
        let ours = run_tfvars(case);
        let module = case.name.split('/').next().unwrap_or("").to_string();
        if ours.exit != case.exit {
            let why = match (case.exit, ours.exit) {
                (0, 1) => format!("rejected, terraform accepts: {}", first_line(&ours.stderr)),
                (1, 0) => {
                    let theirs = case
                        .diagnostics
                        .iter()
                        .find(|d| d.severity == "error")
                        .map(|d| format!("{}: {}", d.summary, key_phrase(d)))
                        .unwrap_or_default();
                    format!("accepted, terraform rejects ({theirs})")
                }
                (_, 2) => format!("unusable (exit 2): {}", first_line(&ours.stderr)),
                (t, o) => format!("exit {o}, terraform {t}: {}", first_line(&ours.stderr)),
            };
            verdict_bad
                .entry(module.clone())
                .or_default()
                .push(format!("{}: {why}", case.name));
        } else {
            verdict_ok += 1;
            if case.exit == 0 && case.values.is_some() {
                values_checked += 1;
                match parse(ours.stdout.trim()) {
                    Ok(json) => {
                        let problems = compare_values(case, &json);
                        if problems.is_empty() {
                            values_ok += 1;
                            if has_set(case) {
                                set_cases += 1;
                                if same_order(case, &json) {
                                    set_order_ok += 1;
                                } else {
                                    set_order_bad.push(case.name.clone());
                                }
                            }
                        } else {
                            value_bad.entry(module.clone()).or_default().push(format!(
                                "{}: {}",
                                case.name,
                                problems.join("; ")
                            ));
                        }
                    }
                    Err(e) => value_bad.entry(module.clone()).or_default().push(format!(
                        "{}: --values output is not JSON ({e}): {}",
                        case.name,
                        first_line(&ours.stdout)
                    )),
                }
            }
        }
        // Diagnostics, loosely: only where both sides reached the same verdict.
        if ours.exit == case.exit && !case.diagnostics.is_empty() {
            diag_cases += 1;
            let mut all = true;
            for d in &case.diagnostics {
                diag_total += 1;
                let detail_ok = ours
                    .stderr
                    .to_lowercase()
                    .contains(&key_phrase(d).to_lowercase());
                if detail_ok {
                    diag_detail_ok += 1;
                }
                if let Some(loc) = &d.location {
                    diag_located += 1;
                    if ours.stderr.contains(loc.as_str()) {
                        diag_location_ok += 1;
                    } else {
                        diag_bad.push(format!(
                            "{}: {} location {loc} not found in: {}",
                            case.name,
                            d.severity,
                            first_line(&ours.stderr)
                        ));
                    }
                }
                let recognised = diagnostic_recognised(d, &ours.stderr);
                if recognised {
                    diag_ok += 1;
                } else {
                    all = false;
                }
                if !detail_ok {
                    diag_bad.push(format!(
                        "{}: {} {}«{}» not found in: {}",
                        case.name,
                        d.severity,
                        if recognised { "(summary found) " } else { "" },
                        key_phrase(d),
                        first_line(&ours.stderr)
                    ));
                }
            }
            if all {
                diag_cases_ok += 1;
            }
        }
    }

    let total = cases.len();
    let n_verdict_bad: usize = verdict_bad.values().map(Vec::len).sum();
    let n_value_bad: usize = value_bad.values().map(Vec::len).sum();
    if !verdict_bad.is_empty() {
        eprintln!("\n== verdict disagreements ({n_verdict_bad}), by module ==");
        for (module, list) in &verdict_bad {
            eprintln!("-- {module} ({})", list.len());
            for l in list {
                eprintln!("  {l}");
            }
        }
    }
    if !value_bad.is_empty() {
        eprintln!("\n== value disagreements ({n_value_bad}), by module ==");
        for (module, list) in &value_bad {
            eprintln!("-- {module} ({})", list.len());
            for l in list {
                eprintln!("  {l}");
            }
        }
    }
    if !diag_bad.is_empty() && std::env::var_os("TFVARS_CONFORMANCE_DIAGNOSTICS").is_some() {
        eprintln!(
            "\n== diagnostic details or locations not found ({}) ==",
            diag_bad.len()
        );
        for l in &diag_bad {
            eprintln!("  {l}");
        }
    }
    if !set_order_bad.is_empty() && std::env::var_os("TFVARS_CONFORMANCE_DIAGNOSTICS").is_some() {
        eprintln!(
            "\n== sets equal but listed in another order than terraform's ({}) ==",
            set_order_bad.len()
        );
        for l in &set_order_bad {
            eprintln!("  {l}");
        }
    }
    eprintln!(
        "set element order as terraform's: {set_order_ok}/{set_cases} accepted cases with sets \
         (informational)"
    );
    eprintln!(
        "\nconformance with terraform 1.11.4: {total} cases; verdicts agree {verdict_ok}/{total}; \
         values agree {values_ok}/{values_checked}; diagnostics recognised {diag_ok}/{diag_total}, \
         their detail {diag_detail_ok}/{diag_total}, \
         their location {diag_location_ok}/{diag_located} \
         (all of a case's in {diag_cases_ok}/{diag_cases} cases; not a failure, \
         TFVARS_CONFORMANCE_DIAGNOSTICS=1 lists them)"
    );
    assert!(
        n_verdict_bad == 0 && n_value_bad == 0,
        "{n_verdict_bad} verdict and {n_value_bad} value disagreement(s) with terraform 1.11.4, listed above"
    );
}

#[test]
fn recorded_cases_are_well_formed() {
    let cases = load_cases();
    assert!(cases.len() >= 600, "only {} recorded cases", cases.len());
    for c in &cases {
        assert!(c.exit == 0 || c.exit == 1, "{}: exit {}", c.name, c.exit);
        for f in &c.var_files {
            assert!(c.module_dir.join(f).is_file(), "{}: missing {f}", c.name);
        }
        if c.exit == 1 {
            assert!(
                c.values.is_none(),
                "{}: values recorded for a rejection",
                c.name
            );
            assert!(
                c.diagnostics.iter().any(|d| d.severity == "error"),
                "{}: rejected without an error",
                c.name
            );
        }
    }
}
