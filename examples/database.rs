//! A deployment program for the `examples/database` Terraform module: a managed database
//! cluster with read replicas. The master password is ephemeral in the module, so it is handed
//! to Terraform through `TF_VAR_master_password` rather than written to the file.
//!
//! ```text
//! cargo run --example database -- [OUT_DIR]
//! ```

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

mod database {
    tfvars::terraform_vars!("database", name = Database);
}

use database::{Database, DatabaseBackup, DatabaseEngine, DatabaseReplicas};

fn main() -> ExitCode {
    let out_dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| ".".into());
    let password =
        std::env::var("DB_MASTER_PASSWORD").unwrap_or_else(|_| "s3cure-but-only-an-example".into());

    let replicas = ["eu-west-1b", "eu-west-1c"]
        .iter()
        .enumerate()
        .map(|(i, zone)| {
            DatabaseReplicas::builder()
                .zone(*zone)
                .promotion_tier(i as u8 + 1)
                .build()
        })
        .collect::<Vec<_>>();
    let db = Database::builder()
        .name("orders-db")
        .engine(
            DatabaseEngine::builder()
                .kind("postgres")
                .version("16")
                .build(),
        )
        .instance_class("db.r6g.large")
        .storage_gb(500)
        .replicas(replicas)
        .backup(
            DatabaseBackup::builder()
                .retention_days(14)
                .window(("02:00".to_string(), "03:30".to_string()))
                .build(),
        )
        .parameters(BTreeMap::from([
            ("max_connections".to_string(), "400".to_string()),
            ("log_min_duration_statement".to_string(), "250".to_string()),
        ]))
        .allowed_cidrs(vec!["10.20.16.0/22".into(), "10.20.20.0/22".into()])
        .master_password(password)
        .build();

    if let Err(report) = db.validate() {
        eprintln!("the database variables are not valid:\n{report}");
        return ExitCode::FAILURE;
    }

    // Everything but the ephemeral password goes to the file; the password goes to the
    // environment of the `terraform` process.
    if let Err(e) = std::fs::create_dir_all(&out_dir) {
        eprintln!("cannot create `{}`: {e}", out_dir.display());
        return ExitCode::FAILURE;
    }
    let path = out_dir.join("database.tfvars.json");
    if let Err(e) = db.write_tfvars_json_filtered(&path, |v| !v.ephemeral) {
        eprintln!("cannot write `{}`: {e}", path.display());
        return ExitCode::FAILURE;
    }
    let env = match db.to_env_filtered(|v| v.ephemeral) {
        Ok(env) => env,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    println!("wrote {}", path.display());
    for (name, _) in &env {
        println!("{name} is passed through the environment, never written to disk");
    }
    ExitCode::SUCCESS
}
