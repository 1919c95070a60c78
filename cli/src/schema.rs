//! `tfvars schema`.

use std::process::ExitCode;

/// Arguments of `tfvars schema`.
#[derive(clap::Args)]
pub struct Args {}

pub fn run(_args: Args) -> ExitCode {
    eprintln!("Error: `tfvars schema` is not available yet");
    ExitCode::from(2)
}
