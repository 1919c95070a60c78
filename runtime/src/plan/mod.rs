//! Plan checks: declare what a Terraform plan may contain, and check a plan before it is
//! applied (cargo feature `plan`).
//!
//! [`Plan::from_json`] reads what `terraform show -json PLANFILE` prints (format 1.x): every
//! planned resource instance of `resource_changes`, in the root and child modules, with its
//! actions, its planned value (`after`) and which parts of it are unknown until apply
//! (`after_unknown`) or sensitive (`after_sensitive`). A [`Spec`] says, per resource type,
//! what every created, updated or replaced instance must look like; [`Spec::check`] lists
//! every [`Finding`]. A value known only after apply never passes a validator: it is reported
//! as [`FindingKind::Unknown`], which a deployment may choose to accept. Sensitive values are
//! never written into a finding.
//!
//! ```
//! use tfvars_runtime::plan::{Plan, Spec, Validator};
//!
//! let spec = Spec::new()
//!     .resource(
//!         "terraform_data",
//!         Validator::object().key(
//!             "input",
//!             Validator::object()
//!                 .key("port", Validator::any([22, 443]))
//!                 .key("name", Validator::func("a name under 30 characters", |v| {
//!                     v.as_str().is_some_and(|s| s.len() < 30)
//!                 }))
//!                 .opt("logging", true),
//!         ),
//!     )
//!     .forbid("aws_instance");
//!
//! let plan = Plan::from_json(r#"{
//!   "format_version": "1.2",
//!   "resource_changes": [{
//!     "address": "terraform_data.rule[\"ssh\"]", "mode": "managed", "type": "terraform_data",
//!     "name": "rule", "index": "ssh",
//!     "change": {
//!       "actions": ["create"],
//!       "after": {"input": {"port": 8080, "name": "ssh"}},
//!       "after_unknown": {"id": true}, "after_sensitive": {}
//!     }
//!   }]
//! }"#)?;
//! let report = spec.check(&plan);
//! assert_eq!(
//!     report.findings[0].to_string(),
//!     r#"terraform_data.rule["ssh"]: input.port: expected one of 22, 443, found 8080"#
//! );
//! assert!(!report.passes(true));
//! # Ok::<(), tfvars_runtime::plan::Error>(())
//! ```

mod check;
mod load;
mod reader;
mod spec;
mod value;

use std::fmt;

pub use check::{Finding, FindingKind, Report};
pub use reader::{Action, Instance, InstanceKey, Mode, Plan};
pub use spec::{FuncValidator, ListValidator, ObjectValidator, RegexValidator, Spec, Validator};
pub use value::{JsonError, PlanObject, PlanValue};

/// Why a plan or a spec cannot be used: what is wrong and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

/// What an [`Error`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The plan is not JSON, not a plan, of an unsupported format, or malformed.
    Plan,
    /// The spec is not valid YAML or JSON, or not a valid spec.
    Spec,
    /// A file cannot be read.
    Io,
}

impl Error {
    /// An error of this kind with this message (for tools that wrap the runtime's errors,
    /// e.g. to add a file name).
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    pub(crate) fn plan(message: String) -> Error {
        Error {
            kind: ErrorKind::Plan,
            message,
        }
    }

    pub(crate) fn spec(message: String) -> Error {
        Error {
            kind: ErrorKind::Spec,
            message,
        }
    }

    pub(crate) fn io(message: String) -> Error {
        Error {
            kind: ErrorKind::Io,
            message,
        }
    }

    /// What the error is about.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message: what is wrong, and where.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}
