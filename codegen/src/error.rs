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
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(loc) => write!(f, "{loc}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Loading failed: every problem found, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The problems, at least one.
    pub problems: Vec<Problem>,
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
