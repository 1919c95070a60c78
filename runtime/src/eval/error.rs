//! Evaluation errors, worded as Terraform words them.

use std::fmt;

use crate::expr::SourceRange;

/// Whether `can` and `try` may catch an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// An error that depends on the values: a failed conversion, a missing attribute, an
    /// invalid regex, a function argument out of range. `can` and `try` catch these.
    Dynamic,
    /// An error in the expression itself, found whatever the values: a reference to an
    /// undeclared variable or local, a variable or function where only constants are allowed,
    /// a reference cycle between locals. `can` and `try` do not catch these.
    Static,
    /// The runtime cannot evaluate this (an unsupported encoding, …): the expression's value
    /// is unknown, and a condition using it is reported as unchecked with this reason.
    Unsupported,
}

/// An error raised while evaluating an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError {
    /// Terraform's summary, e.g. `Invalid function argument`.
    pub summary: String,
    /// The detail, e.g. `Invalid value for "value" parameter: argument must not be null.`
    pub detail: String,
    /// Whether `can`/`try` may catch it.
    pub kind: ErrorKind,
    /// The part of the expression Terraform points at, once known (expressions lowered from a
    /// module carry their places).
    pub range: Option<SourceRange>,
    /// The file of `range` when it is not the file of the expression evaluated (an error
    /// inside a `locals` entry the expression refers to).
    pub file: Option<String>,
    /// The argument at fault, for a function's error about one argument: the call's place
    /// resolves it to the argument's range.
    pub(crate) arg: Option<usize>,
}

impl EvalError {
    /// A dynamic error (caught by `can` and `try`).
    pub fn new(summary: impl Into<String>, detail: impl Into<String>) -> EvalError {
        EvalError {
            summary: summary.into(),
            detail: detail.into(),
            kind: ErrorKind::Dynamic,
            range: None,
            file: None,
            arg: None,
        }
    }

    /// A static error (not caught by `can` and `try`).
    pub fn fixed(summary: impl Into<String>, detail: impl Into<String>) -> EvalError {
        EvalError {
            summary: summary.into(),
            detail: detail.into(),
            kind: ErrorKind::Static,
            range: None,
            file: None,
            arg: None,
        }
    }

    /// Something the runtime cannot evaluate; `detail` says what (``uses the text encoding
    /// "SHIFT_JIS", which …``). The evaluator turns it into an unknown value.
    pub fn unsupported(detail: impl Into<String>) -> EvalError {
        EvalError {
            summary: "Not supported".into(),
            detail: detail.into(),
            kind: ErrorKind::Unsupported,
            range: None,
            file: None,
            arg: None,
        }
    }

    /// The error pointing at `range`, unless it already points somewhere.
    pub fn at(mut self, range: Option<SourceRange>) -> EvalError {
        if self.range.is_none() {
            self.range = range;
        }
        self
    }

    /// True when `can` and `try` may catch the error.
    pub fn is_dynamic(&self) -> bool {
        self.kind == ErrorKind::Dynamic
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.summary, self.detail)
    }
}

impl std::error::Error for EvalError {}

/// `Invalid function argument` for parameter `param`, the argument at `index`.
pub(crate) fn arg_error(index: usize, param: &str, msg: impl fmt::Display) -> EvalError {
    let mut e = EvalError::new(
        "Invalid function argument",
        format!("Invalid value for \"{param}\" parameter: {msg}."),
    );
    e.arg = Some(index);
    e
}

/// `Error in function call` (a function failed on valid arguments).
pub(crate) fn call_error(name: &str, msg: impl fmt::Display) -> EvalError {
    EvalError::new(
        "Error in function call",
        format!("Call to function \"{name}\" failed: {msg}."),
    )
}
