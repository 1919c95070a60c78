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
#[derive(Clone, Debug, Default)]
pub struct CheckOptions {
    /// Which Terraform release's semantics to follow.
    pub version: TerraformVersion,
    /// Evaluate the file functions (`file`, `fileexists`, `fileset`, `filebase64`, `filemd5`,
    /// `filesha*`, `filebase64sha*`, `templatefile`, `pathexpand`, `abspath`) and `path.module`,
    /// `path.root`, `path.cwd` against this folder, as `terraform -chdir=DIR plan` does. `None`
    /// (the default): a condition using them stays unchecked, since a program may run far from
    /// its module.
    pub files: Option<FileAccess>,
}

/// The folder that file functions and `path.*` read, as Terraform's working directory.
#[derive(Clone, Debug)]
pub struct FileAccess {
    /// The module folder, also the working directory: relative paths start there;
    /// `path.module` and `path.root` are `.`, `path.cwd` and `abspath` give it absolute.
    pub dir: std::path::PathBuf,
    /// The home folder for `~` (`pathexpand` and the file functions); `None`: `$HOME`.
    pub home: Option<std::path::PathBuf>,
    /// Reads a template for `templatefile`: its text, its file name and the names it may
    /// use, to an expression. The runtime has no HCL parser of its own; without one,
    /// `templatefile` stays unchecked.
    pub template_parser: Option<TemplateParser>,
}

/// See [`FileAccess::template_parser`]: `Err` holds Terraform's summary and detail.
pub type TemplateParser =
    fn(text: &str, file: &str, names: &[String]) -> Result<crate::expr::Expr, (String, String)>;

impl FileAccess {
    /// File functions evaluated in `dir`, with `$HOME` for `~` and no `templatefile`.
    pub fn new(dir: impl Into<std::path::PathBuf>) -> FileAccess {
        FileAccess {
            dir: dir.into(),
            home: None,
            template_parser: None,
        }
    }
}
