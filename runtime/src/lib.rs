//! The runtime of tfvars: exact values, Terraform's type conversions, the expression evaluator,
//! validation, and reading and writing `.tfvars.json`, `.tfvars` and `TF_VAR_` values.
//!
//! Generated code and the `tfvars` CLI share this crate, so a typed value, a file read back and
//! `tfvars validate` are all judged by one set of rules.
#![deny(missing_docs)]

pub mod any;
pub mod check;
pub mod convert;
pub mod diagnostics;
pub mod eval;
pub mod expr;
pub mod input;
pub mod json;
pub mod number;
pub mod output;
#[cfg(feature = "plan")]
pub mod plan;
pub mod regex_go;
pub mod sensitive;
pub mod spec;
pub mod typed;
pub mod types;
pub mod value;
pub mod value_map;

pub use any::AnyValue;
pub use convert::{convert, convert_owned, ConversionError};
pub use diagnostics::{Diagnostic, Report, Severity};
pub use expr::Expr;
pub use input::{CheckOptions, FileAccess, InputSource, InputVariable, TemplateParser};
pub use number::Number;
pub use sensitive::Sensitive;
pub use spec::{Location, ModuleSpec, TerraformVersion, ValidationSpec, VariableSpec};
pub use types::{Attribute, Type};
pub use value::Value;
pub use value_map::ValueMap;
