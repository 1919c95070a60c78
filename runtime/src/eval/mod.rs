//! The expression evaluator: Terraform's operators, conversions, `for` expressions, templates
//! and function library over [`Value`]s, and the validation of variables.
//!
//! - [`eval_constant`] evaluates a constant expression (a default, an optional-attribute
//!   default, a `.tfvars` value): references and calls are errors, as in Terraform.
//! - [`Scope`] evaluates with `var.*` and `local.*` in scope.
//! - [`run_validations`] runs a module's `validation` blocks with Terraform's rules.
//!
//! A value only known after apply (a resource attribute, `timestamp()`, a provider function,
//! a file-reading function) is [`Value::Unknown`]; it propagates through operators and
//! functions as in Terraform, and a condition that comes out unknown is reported as unchecked.

mod access;
mod arith;
mod conv;
mod error;
mod forexpr;
mod format;
mod functions;
mod operators;
mod refs;
mod scope;
mod subject;
mod template;
mod validate;

pub use error::{ErrorKind, EvalError};
pub use functions::strings::{simple_lower, simple_upper};
pub use functions::{function_names, is_supported_function};
pub use scope::{Scope, AMBIGUOUS_KEY, AMBIGUOUS_KEY_DETAIL, MAX_DEPTH};
pub use validate::{run_validations, run_validations_with_files};

use crate::expr::Expr;
use crate::value::Value;

/// Evaluates a constant expression (a default, an optional-attribute default, a `.tfvars`
/// value): literals, templates, operators, conditionals, `for` expressions, indexing and
/// splats. A reference is an error (`Variables may not be used here.`), and so is a function
/// call (`Functions may not be called here.`).
pub fn eval_constant(expr: &Expr) -> Result<Value, EvalError> {
    Scope::constant().eval(expr)
}
