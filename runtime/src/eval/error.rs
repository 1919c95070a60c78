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
    pub range: Option<Box<SourceRange>>,
    /// The file of `range` when it is not the file of the expression evaluated (an error
    /// inside a `locals` entry the expression refers to).
    pub file: Option<Box<str>>,
    /// The argument at fault, for a function's error about one argument: the call's place
    /// resolves it to the argument's range.
    pub(crate) arg: Option<u32>,
    /// Errors found beside this one, in the order HCL reports them: HCL evaluates every
    /// operand, argument and element before giving up, and reports each failure.
    pub more: Vec<EvalError>,
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
            more: Vec::new(),
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
            more: Vec::new(),
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
            more: Vec::new(),
        }
    }

    /// The error pointing at `range`, unless it already points somewhere.
    pub fn at(mut self, range: Option<SourceRange>) -> EvalError {
        if self.range.is_none() {
            self.range = range.map(Box::new);
        }
        self
    }

    /// This error and then `other` (with the errors beside it).
    pub fn and(mut self, mut other: EvalError) -> EvalError {
        let rest = std::mem::take(&mut other.more);
        self.more.push(other);
        self.more.extend(rest);
        self
    }

    /// This error and every error beside it, each on its own.
    pub fn all(mut self) -> Vec<EvalError> {
        let mut out = vec![];
        let more = std::mem::take(&mut self.more);
        out.push(self);
        out.extend(more);
        out
    }

    /// True when `can` and `try` may catch the error.
    pub fn is_dynamic(&self) -> bool {
        self.kind == ErrorKind::Dynamic && self.more.iter().all(EvalError::is_dynamic)
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.summary, self.detail)
    }
}

impl std::error::Error for EvalError {}

/// Errors as one: the first, with the others beside it; `None` when there are none.
pub(crate) fn joined(errors: impl IntoIterator<Item = EvalError>) -> Option<EvalError> {
    let mut errors = errors.into_iter();
    let first = errors.next()?;
    Some(errors.fold(first, EvalError::and))
}

/// The values of `results`, or every error among them, in order.
pub(crate) fn all_ok<T>(results: Vec<Result<T, EvalError>>) -> Result<Vec<T>, EvalError> {
    let mut values = Vec::with_capacity(results.len());
    let mut errors = Vec::new();
    for r in results {
        match r {
            Ok(v) => values.push(v),
            Err(e) => errors.push(e),
        }
    }
    match joined(errors) {
        Some(e) => Err(e),
        None => Ok(values),
    }
}

/// `Invalid function argument` for parameter `param`, the argument at `index`.
pub(crate) fn arg_error(index: usize, param: &str, msg: impl fmt::Display) -> EvalError {
    let mut e = EvalError::new(
        "Invalid function argument",
        format!("Invalid value for \"{param}\" parameter: {msg}."),
    );
    e.arg = Some(index as u32);
    e
}

/// `Error in function call` (a function failed on valid arguments).
pub(crate) fn call_error(name: &str, msg: impl fmt::Display) -> EvalError {
    EvalError::new(
        "Error in function call",
        format!("Call to function \"{name}\" failed: {msg}."),
    )
}
