//! A deployment program for the `examples/network` Terraform module: it builds the module's
//! variables as typed values, checks them with the module's own validation rules and writes
//! them as a `.tfvars.json` file for `terraform plan -var-file=…`.
//!
//! ```text
//! cargo run --example network -- [OUT_DIR]
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::ExitCode;

mod network {
    tfvars::terraform_vars!("network");
}

use network::{Variables, VariablesFlowLogs, VariablesNat, VariablesSubnets};

fn subnet(cidr: &str, zone: &str, public: bool) -> VariablesSubnets {
    VariablesSubnets::builder()
        .cidr(cidr)
        .zone(zone)
        .public(public)
        .tags(BTreeMap::from([(
            "tier".to_string(),
            if public { "edge" } else { "app" }.to_string(),
        )]))
        .build()
}

fn variables(env: &str) -> Variables {
    let zones = ["eu-west-1a", "eu-west-1b"];
    let mut subnets = BTreeMap::new();
    for (i, zone) in zones.iter().enumerate() {
        subnets.insert(
            format!("public-{i}"),
            subnet(&format!("10.20.{i}.0/24"), zone, true),
        );
        subnets.insert(
            format!("app-{i}"),
            subnet(&format!("10.20.{}.0/22", 16 + 4 * i), zone, false),
        );
    }
    Variables::builder()
        .region("eu-west-1")
        .vpc_cidr("10.20.0.0/16")
        .availability_zones(zones.iter().map(|z| z.to_string()).collect::<BTreeSet<_>>())
        .subnets(subnets)
        .nat(VariablesNat::builder().mode("per-zone").build())
        .flow_logs(
            VariablesFlowLogs::builder()
                .enabled(true)
                .retention_days(90)
                .build(),
        )
        .bastion_admin_password(
            std::env::var("BASTION_PASSWORD").unwrap_or_else(|_| "correct-horse-battery".into()),
        )
        .tags(BTreeMap::from([
            ("env".to_string(), env.to_string()),
            ("owner".to_string(), "platform-team".to_string()),
        ]))
        .build()
}

fn main() -> ExitCode {
    let out_dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| ".".into());
    let vars = variables("staging");
    match vars.validate() {
        Ok(report) => {
            for d in report.diagnostics.iter() {
                eprintln!("{d}");
            }
        }
        Err(report) => {
            eprintln!("the network variables are not valid:\n{report}");
            return ExitCode::FAILURE;
        }
    }
    if let Err(e) = std::fs::create_dir_all(&out_dir) {
        eprintln!("cannot create `{}`: {e}", out_dir.display());
        return ExitCode::FAILURE;
    }
    let path = out_dir.join("network.tfvars.json");
    if let Err(e) = vars.write_tfvars_json(&path) {
        eprintln!("cannot write `{}`: {e}", path.display());
        return ExitCode::FAILURE;
    }
    // Debug output is safe to log: the password shows as `Sensitive(<redacted>)`.
    println!("{vars:#?}");
    println!("wrote {}", path.display());
    ExitCode::SUCCESS
}
