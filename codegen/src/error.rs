//! Problems found while loading a module.

use std::fmt;

use tfvars_runtime::Location;

/// One problem in a module, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Where: `file.tf:line:col`; `None` for problems with the directory itself.
    pub location: Option<Location>,
    /// What is wrong, worded like Terraform.
    pub message: String,
    /// The source line the problem is on, when there is one.
    pub snippet: Option<String>,
}

impl Problem {
    /// A problem at a place in a file.
    pub fn at(location: Location, message: impl Into<String>) -> Problem {
        Problem {
            location: Some(location),
            message: message.into(),
            snippet: None,
        }
    }

    /// A problem with no place (the directory itself).
    pub fn general(message: impl Into<String>) -> Problem {
        Problem {
            location: None,
            message: message.into(),
            snippet: None,
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(loc) => write!(f, "{loc}: {}", self.message)?,
            None => f.write_str(&self.message)?,
        }
        if let Some(line) = &self.snippet {
            write!(f, "\n  | {line}")?;
        }
        Ok(())
    }
}

/// Why loading failed, for callers that treat some cases apart (terraschema's `--allow-empty`
/// accepts a module with no files or no variables).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LoadErrorKind {
    /// The directory does not exist, is not a directory or cannot be read.
    Directory,
    /// The directory holds no `.tf` or `.tf.json` file.
    NoFiles,
    /// The files declare no `variable` block (and have no other problem).
    NoVariables,
    /// The module has errors: syntax, bad declarations, …
    Invalid,
}

/// Loading failed: every problem found, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// What kind of failure this is.
    pub kind: LoadErrorKind,
    /// The problems, at least one.
    pub problems: Vec<Problem>,
}

impl LoadError {
    /// True when the module is merely empty (no files, or no variables): terraschema's
    /// `--allow-empty` case.
    pub fn is_empty_module(&self) -> bool {
        matches!(
            self.kind,
            LoadErrorKind::NoFiles | LoadErrorKind::NoVariables
        )
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}
