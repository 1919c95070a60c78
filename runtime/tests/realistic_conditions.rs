//! Realistic validation conditions (`tests/data/realistic_conditions/<module>/main.tf`: cloud
//! naming rules, CIDR checks, objects and maps of objects, cross-variable and `local` rules,
//! null guards) checked against Terraform 1.11.4's recorded answers (`record.py` there writes
//! `recorded.json` from `terraform plan -json`, one var file per case under `inputs/`).
//!
//! For every case the verdict must be Terraform's, and so must every error: its summary and
//! the first paragraph of its detail (the module's `error_message`, or the evaluation error).
//! Run with `--nocapture` to see the share of conditions that were decided.

use std::collections::BTreeMap;
use std::path::Path;

use tfvars_runtime::check::check;
use tfvars_runtime::json::parse_tfvars_json;
use tfvars_runtime::{CheckOptions, TerraformVersion};

const DIR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/realistic_conditions"
);

/// Where Terraform's diagnostic starts (`file:line:column`) and ends (`line:column`).
type Range = (String, Option<String>);

/// The first paragraph of a detail: the message without "This was checked by …".
fn first_paragraph(detail: &str) -> &str {
    detail.split("\n\n").next().unwrap_or("").trim()
}

#[derive(Default)]
struct Totals {
    cases: usize,
    rules: usize,
    evaluations: usize,
    unchecked: usize,
    unchecked_rules: BTreeMap<String, usize>,
    located: usize,
    location_ok: usize,
}

fn recorded(module: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(module.join("recorded.json")).expect("recorded.json");
    serde_json::from_str(&text).expect("recorded.json is JSON")
}

fn check_module(name: &str, totals: &mut Totals, failures: &mut Vec<String>) {
    let module = Path::new(DIR).join(name);
    let loaded = tfvars_codegen::load(&module).expect("the module loads");
    let spec = &loaded.spec;
    let rules: usize = spec.variables.iter().map(|v| v.validations.len()).sum();
    totals.rules += rules;
    let options = CheckOptions {
        version: TerraformVersion::V1_11,
        files: None,
    };
    let recorded = recorded(&module);
    let cases = recorded.as_object().expect("an object of cases");
    for (case, want) in cases {
        totals.cases += 1;
        let file = format!("inputs/{case}.tfvars.json");
        let text = std::fs::read_to_string(module.join(&file)).expect("the var file");
        let inputs = parse_tfvars_json(&text, &file).expect("the var file parses");
        let got = check(spec, &inputs, &options);
        // Rules evaluated: those of every variable that has a value and converted.
        let evaluated: usize = spec
            .variables
            .iter()
            .filter(|v| got.values.contains_key(&v.name))
            .map(|v| v.validations.len())
            .sum();
        totals.evaluations += evaluated;
        for d in got.report.unchecked() {
            totals.unchecked += 1;
            *totals
                .unchecked_rules
                .entry(format!("{name}: {}", d.detail))
                .or_default() += 1;
        }

        let want_exit = want["exit"].as_i64().unwrap();
        let got_exit = if got.is_ok() { 0 } else { 1 };
        if want_exit != got_exit {
            failures.push(format!(
                "{name}/{case}: exit {got_exit}, Terraform {want_exit}\n    ours: {}",
                got.report.to_string().replace('\n', "\n          ")
            ));
            continue;
        }
        let mut theirs: Vec<(String, String)> = Vec::new();
        // Several errors of one condition may share a summary and detail.
        let mut their_ranges: BTreeMap<(String, String), Vec<Range>> = BTreeMap::new();
        for d in want["diagnostics"].as_array().unwrap() {
            if d["severity"] != "error" {
                continue;
            }
            let key = (
                d["summary"].as_str().unwrap().to_string(),
                first_paragraph(d["detail"].as_str().unwrap()).to_string(),
            );
            if let Some(r) = d["range"].as_str() {
                let end = d["range_end"].as_str().map(str::to_string);
                their_ranges
                    .entry(key.clone())
                    .or_default()
                    .push((r.to_string(), end));
            }
            theirs.push(key);
        }
        let mut ours: Vec<(String, String)> = Vec::new();
        for d in got.report.errors() {
            let key = (d.summary.clone(), first_paragraph(&d.detail).to_string());
            if let Some(ranges) = their_ranges.get(&key) {
                totals.located += 1;
                // Where the error starts, and where it ends when we know the whole range.
                let ours_start = d.location.as_ref().map(|l| l.to_string());
                let ours_end = d
                    .location
                    .as_ref()
                    .and_then(|l| l.range)
                    .map(|r| format!("{}:{}", r.end.line, r.end.column));
                let matches = |(start, end): &Range| {
                    ours_start.as_ref() == Some(start) && (ours_end.is_none() || ours_end == *end)
                };
                if ranges.iter().any(matches) {
                    totals.location_ok += 1;
                } else {
                    failures.push(format!(
                        "{name}/{case}: {} points at {} to {}, Terraform at {ranges:?}",
                        key.0,
                        ours_start.unwrap_or_default(),
                        ours_end.unwrap_or_default(),
                    ));
                }
            }
            ours.push(key);
        }
        theirs.sort();
        ours.sort();
        if theirs != ours {
            failures.push(format!(
                "{name}/{case}: errors differ\n    Terraform: {theirs:?}\n    ours:      {ours:?}"
            ));
        }
    }
}

#[test]
fn realistic_conditions_match_terraform_1_11() {
    let mut modules: Vec<String> = std::fs::read_dir(DIR)
        .unwrap()
        .filter_map(|e| {
            let e = e.ok()?;
            e.path()
                .join("recorded.json")
                .exists()
                .then(|| e.file_name().to_string_lossy().into_owned())
        })
        .collect();
    modules.sort();
    assert!(modules.len() >= 4, "modules: {modules:?}");
    let mut totals = Totals::default();
    let mut failures = Vec::new();
    for m in &modules {
        check_module(m, &mut totals, &mut failures);
    }
    let decided = totals.evaluations - totals.unchecked;
    println!(
        "{} modules, {} conditions, {} cases; {} condition evaluations, {decided} decided ({:.1}%), {} unchecked; error locations: {}/{} as Terraform's",
        modules.len(),
        totals.rules,
        totals.cases,
        totals.evaluations,
        100.0 * decided as f64 / totals.evaluations.max(1) as f64,
        totals.unchecked,
        totals.location_ok,
        totals.located,
    );
    for (rule, n) in &totals.unchecked_rules {
        println!("  unchecked {n}×: {rule}");
    }
    assert!(totals.rules >= 80, "only {} conditions", totals.rules);
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from Terraform 1.11.4:\n{}",
        failures.len(),
        totals.cases,
        failures.join("\n")
    );
}
