//! Values as they arrive from var files, the environment or typed structs, before conversion.

use crate::spec::{Location, TerraformVersion};
use crate::value::Value;

/// One variable's value as given (`name = value` in a var file), not yet converted.
#[derive(Clone, Debug, PartialEq)]
pub struct InputVariable {
    /// The variable name as written.
    pub name: String,
    /// The raw value, as parsed.
    pub value: Value,
    /// Where it was given (`x.tfvars.json:3:5`), if it came from a file.
    pub location: Option<Location>,
    /// Which kind of source gave it: Terraform words some messages after it.
    pub source: InputSource,
}

/// Where an input value came from, as Terraform tells them apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum InputSource {
    /// A variables file (given, or auto-loaded), or a value built by a program.
    #[default]
    File,
    /// A `TF_VAR_name` environment variable.
    Environment,
    /// A `-var 'name=value'` option.
    CommandLine,
}

/// Options for checking values against a module.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckOptions {
    /// Which Terraform release's semantics to follow.
    pub version: TerraformVersion,
}
