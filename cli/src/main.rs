//! The `tfvars` command line.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

mod check_plan;
mod rust;
mod schema;
mod validate;

/// Typed Terraform variables: JSON Schema, validation and Rust code from a module's `variable` blocks.
#[derive(Parser)]
#[command(name = "tfvars", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Write the module's input variables as a JSON Schema (draft-07), like terraschema.
    Schema(schema::Args),
    /// Check the module's input values (environment, auto-loaded files, `-var-file`, `-var`)
    /// as `terraform plan` would.
    Validate(validate::Args),
    /// Check a plan (`terraform show -json PLANFILE`) against a spec before applying it.
    CheckPlan(check_plan::Args),
    /// Print the Rust code that `terraform_vars!` generates for the module.
    Rust(rust::Args),
}

fn main() -> ExitCode {
    default_sigpipe();
    let argv = validate::terraform_spellings(std::env::args_os().collect());
    let matches = Cli::command().get_matches_from(argv);
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    match cli.command {
        Command::Schema(args) => schema::run(args),
        Command::Validate(args) => validate::run(args, matches.subcommand_matches("validate")),
        Command::CheckPlan(args) => check_plan::run(args),
        Command::Rust(args) => rust::run(args),
    }
}

/// A reader that goes away (`tfvars validate … 2>&1 | head`) ends the process quietly, as it
/// ends other command-line tools, instead of making the next message's `eprintln!` panic:
/// Rust's runtime ignores SIGPIPE, so its default action is put back.
#[cfg(unix)]
fn default_sigpipe() {
    extern "C" {
        fn signal(signum: std::ffi::c_int, handler: usize) -> usize;
    }
    // SIGPIPE is 13 on Linux, macOS and the BSDs; SIG_DFL is 0.
    const SIGPIPE: std::ffi::c_int = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: `signal` with SIG_DFL installs no handler of ours; it only restores the
    // default action, before any thread is started.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn default_sigpipe() {}
