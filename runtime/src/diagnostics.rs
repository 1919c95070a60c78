//! What checking a set of values reports: errors, warnings, and conditions left unchecked.

use std::fmt;

use crate::spec::Location;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The input is rejected.
    Error,
    /// The input is accepted, with a remark (an undeclared variable, …).
    Warning,
    /// A validation condition could not be decided (it uses an unknown value or an unsupported
    /// function): neither passed nor failed.
    Unchecked,
}

/// One finding, in Terraform's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning or unchecked.
    pub severity: Severity,
    /// Terraform's summary line, e.g. `Invalid value for variable`.
    pub summary: String,
    /// The detail: the module's `error_message`, or the conversion error.
    pub detail: String,
    /// The variable concerned, if any.
    pub variable: Option<String>,
    /// The path inside the variable's value, e.g. `node_pools["a"].max_count`; empty for the
    /// whole value.
    pub path: String,
    /// The validation rule or input that this is about.
    pub location: Option<Location>,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Unchecked => "unchecked",
        };
        write!(f, "{label}: {}", self.summary)?;
        if let Some(var) = &self.variable {
            write!(f, " `var.{var}{}`", self.path)?;
        }
        if !self.detail.is_empty() {
            write!(f, ": {}", self.detail)?;
        }
        if let Some(loc) = &self.location {
            write!(f, " ({loc})")?;
        }
        Ok(())
    }
}

/// Everything found while checking values against a module.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// All diagnostics, errors first, in a stable order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// True when nothing was rejected.
    pub fn is_ok(&self) -> bool {
        !self
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// The diagnostics of one severity.
    pub fn of(&self, severity: Severity) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(move |d| d.severity == severity)
    }

    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.of(Severity::Error)
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.of(Severity::Warning)
    }

    /// The conditions that could not be decided.
    pub fn unchecked(&self) -> impl Iterator<Item = &Diagnostic> {
        self.of(Severity::Unchecked)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Report {}
