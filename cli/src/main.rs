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
    one_malloc_arena();
    let cli = Cli::parse();
    match cli.command {
        Command::Schema(args) => schema::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Rust(args) => rust::run(args),
    }
}

/// Module files are parsed on a thread with a large stack (the HCL parser recurses), and glibc
/// gives that thread a malloc arena of its own, which it grows a page at a time with `mprotect`:
/// thousands of system calls for a large module (about a fifth of `tfvars schema`'s time). One
/// shared arena is all a process with one working thread at a time needs.
fn one_malloc_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: called first thing in `main`, before any other thread exists or allocates.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}
