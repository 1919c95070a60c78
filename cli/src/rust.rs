//! `tfvars rust`.

use std::process::ExitCode;

/// Arguments of `tfvars rust`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("Error: `tfvars rust` is not available yet");
    ExitCode::from(2)
}
