//! The declaration of a module's variables as the runtime needs it: types, defaults, null rules
//! and validation rules. The codegen crate builds it from `.tf` files; the macro embeds it.

use serde::{Deserialize, Serialize};

use crate::expr::Expr;
use crate::types::Type;
use crate::value::Value;

/// A place in a module's source: `file:line:column`, 1-based.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Location {
    /// The file name, relative to the module directory.
    pub file: std::sync::Arc<str>,
    /// Line, from 1.
    pub line: u32,
    /// Column, from 1, counted in characters.
    pub column: u32,
    /// The whole range, when known (an error inside a condition): its start is `line` and
    /// `column`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<crate::expr::SourceRange>,
}

impl Location {
    /// The location of a whole range of `file`.
    pub fn spanning(
        file: impl Into<std::sync::Arc<str>>,
        range: crate::expr::SourceRange,
    ) -> Location {
        Location {
            file: file.into(),
            line: range.start.line,
            column: range.start.column,
            range: Some(range),
        }
    }
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// Everything the runtime needs to know about a module.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ModuleSpec {
    /// The variables, in declaration order (files in sorted order).
    pub variables: Vec<VariableSpec>,
    /// The module's `locals`, which validation conditions may use.
    pub locals: Vec<LocalSpec>,
}

/// One `variable` block.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VariableSpec {
    /// The variable name.
    pub name: String,
    /// The type constraint; `Type::Any` when there is no `type` attribute.
    pub ty: Type,
    /// Whether a `type` attribute was written (an untyped variable reads `TF_VAR_` literally).
    pub typed: bool,
    /// The default, converted to the type. `Some(Value::Null(_))` for `default = null`,
    /// `None` when there is no default (the variable is required).
    pub default: Option<Value>,
    /// The description, if any.
    pub description: Option<String>,
    /// `sensitive = true`
    pub sensitive: bool,
    /// `nullable` (true unless `nullable = false`).
    pub nullable: bool,
    /// Whether `nullable` was written explicitly.
    pub nullable_set: bool,
    /// `ephemeral = true`
    pub ephemeral: bool,
    /// The `validation` blocks, in order.
    pub validations: Vec<ValidationSpec>,
    /// Where the block starts.
    pub location: Location,
}

impl VariableSpec {
    /// A variable with no default must be given a value.
    pub fn required(&self) -> bool {
        self.default.is_none()
    }
}

/// One `validation` block.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValidationSpec {
    /// The `condition` expression.
    pub condition: Expr,
    /// The `error_message` expression.
    pub error_message: Expr,
    /// The source text of the condition, as written.
    pub condition_source: String,
    /// The source text of the error message, as written.
    pub error_message_source: String,
    /// Where the condition starts (Terraform's "checked by the validation rule at …").
    pub location: Location,
}

/// One entry of a `locals` block.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LocalSpec {
    /// The local's name.
    pub name: String,
    /// Its expression.
    pub expr: Expr,
    /// Where it is defined.
    pub location: Location,
}

/// Semantics that changed between Terraform releases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TerraformVersion {
    /// Terraform 1.11: `&&` and `||` evaluate both operands.
    V1_11,
    /// The current behaviour (1.12 and later): `&&` and `||` short-circuit.
    #[default]
    Latest,
}

impl std::str::FromStr for TerraformVersion {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "1.11" | "1.11.4" => Ok(TerraformVersion::V1_11),
            "latest" | "1.12" => Ok(TerraformVersion::Latest),
            other => Err(format!(
                "unsupported Terraform version `{other}`: use `1.11` or `latest`"
            )),
        }
    }
}
