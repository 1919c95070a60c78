//! `tfvars check-plan`: checks what `terraform show -json PLANFILE` prints against a spec.
//!
//! Exit status: 0 the plan passes, 1 violations (or values known only after apply, unless
//! `--allow-unknown`), 2 the spec or the plan cannot be used.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::json;
use tfvars_runtime::plan::{Error, ErrorKind, FindingKind, Plan, Report, Spec};

/// Arguments of `tfvars check-plan`.
#[derive(clap::Args)]
pub struct Args {
    /// The spec: a YAML file, or JSON when its name ends in `.json`.
    #[arg(long, value_name = "SPEC")]
    spec: PathBuf,
    /// Print one JSON object on stdout instead of lines.
    #[arg(long)]
    json: bool,
    /// Values known only after apply are warnings, not failures.
    #[arg(long = "allow-unknown")]
    allow_unknown: bool,
    /// The plan as JSON (`terraform show -json PLANFILE > plan.json`), or `-` for stdin.
    #[arg(value_name = "PLAN_JSON")]
    plan: String,
}

/// Runs `tfvars check-plan`.
pub fn run(args: Args) -> ExitCode {
    let (plan, report) = match load(&args) {
        Ok(x) => x,
        Err(e) => {
            if args.json {
                let kind = match e.kind() {
                    ErrorKind::Spec => "spec",
                    ErrorKind::Plan => "plan",
                    _ => "io",
                };
                println!(
                    "{}",
                    json!({"error": {"kind": kind, "message": e.message()}})
                );
            }
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let passed = report.passes(args.allow_unknown);
    if args.json {
        print_json(&plan, &report, args.allow_unknown, passed);
    } else {
        for f in &report.findings {
            if args.allow_unknown && f.kind == FindingKind::Unknown {
                eprintln!("warning: {f}");
            } else {
                println!("{f}");
            }
        }
        let violations = report.violations().count();
        let unknowns = report.unknowns().count();
        eprintln!(
            "{}: {} instance{} checked, {} not (deletions, no-ops, reads); {violations} violation{}, {unknowns} unknown value{}{}",
            if passed { "passed" } else { "failed" },
            report.checked,
            plural(report.checked),
            report.skipped,
            plural(violations),
            plural(unknowns),
            if unknowns > 0 && !args.allow_unknown {
                " (allow them with `--allow-unknown`)"
            } else {
                ""
            }
        );
    }
    if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn load(args: &Args) -> Result<(Plan, Report), Error> {
    let spec = Spec::load(&args.spec)?;
    let (name, text) = if args.plan == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| io_error(format!("cannot read the plan from stdin: {e}")))?;
        ("<stdin>".to_string(), text)
    } else {
        let text = std::fs::read_to_string(&args.plan)
            .map_err(|e| io_error(format!("cannot read the plan `{}`: {e}", args.plan)))?;
        (args.plan.clone(), text)
    };
    let plan = Plan::from_json(&text).map_err(|e| prefixed(&name, e))?;
    let report = spec.check(&plan);
    Ok((plan, report))
}

// The runtime's errors name the place inside the plan; the file name is added here.
fn prefixed(name: &str, e: Error) -> Error {
    Error::new(e.kind(), format!("{name}: {}", e.message()))
}

fn io_error(message: String) -> Error {
    Error::new(ErrorKind::Io, message)
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn print_json(plan: &Plan, report: &Report, allow_unknown: bool, passed: bool) {
    let findings: Vec<_> = report
        .findings
        .iter()
        .map(|f| {
            let (kind, severity) = match f.kind {
                FindingKind::Violation => ("violation", "error"),
                FindingKind::Unknown if allow_unknown => ("unknown", "warning"),
                FindingKind::Unknown => ("unknown", "error"),
            };
            json!({
                "kind": kind,
                "severity": severity,
                "address": f.address,
                "resource_type": f.resource_type,
                "path": f.path,
                "expected": f.expected,
                "found": f.found,
                "message": f.to_string(),
            })
        })
        .collect();
    let out = json!({
        "passed": passed,
        "format_version": plan.format_version,
        "terraform_version": plan.terraform_version,
        "checked": report.checked,
        "skipped": report.skipped,
        "violations": report.violations().count(),
        "unknowns": report.unknowns().count(),
        "findings": findings,
    });
    println!(
        "{}",
        serde_json::to_string_pretty(&out).expect("JSON of strings and numbers")
    );
}
