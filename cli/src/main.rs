//! The `tfvars` command line.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
    /// Check variable files against the module as `terraform plan` would.
    Validate(validate::Args),
    /// Print the Rust code that `terraform_vars!` generates for the module.
    Rust(rust::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Schema(args) => schema::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Rust(args) => rust::run(args),
    }
}

