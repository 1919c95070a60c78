//! `tfvars validate`.

use std::process::ExitCode;

/// Arguments of `tfvars validate`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("Error: `tfvars validate` is not available yet");
    ExitCode::from(2)
}
