//! tfvars: compile-time-typed Terraform variables with Terraform-exact validation.
//!
//! `terraform_vars!("infra/network")` reads a Terraform module's `variable` blocks at compile
//! time and generates a typed `Variables` struct with a builder, the module's JSON Schema,
//! validation with Terraform's semantics and `.tfvars.json` I/O.
//!
//! ```ignore
//! mod network {
//!     tfvars::terraform_vars!("../infra/network");
//! }
//! use network::Variables;
//!
//! let vars = Variables::builder()
//!     .region("eu-west-1")
//!     .subnets(vec!["10.0.1.0/24".into()])
//!     .build();
//! vars.validate()?;
//! vars.write_tfvars_json("network.auto.tfvars.json")?;
//! ```
//!
//! # Invocation
//!
//! `terraform_vars!("PATH" [, name = Ident] [, terraform_version = "1.11" | "latest"] [, crate = path])`
//!
//! - `PATH` is relative to the directory of the file holding the invocation (like
//!   `include_str!`), or absolute. Every `.tf` and `.tf.json` file read is tracked, so editing one
//!   rebuilds; a file *added* to the module is only seen after a rebuild of the invoking crate
//!   (touch the invoking file, or use the build.rs API, which watches the directory).
//! - `name` renames the root struct (default `Variables`).
//! - `terraform_version` picks the semantics that changed between releases (`&&`/`||`
//!   short-circuit since 1.12); the current behaviour by default.
//! - `crate` is the path of this crate when it is renamed in `Cargo.toml`.
//!
//! # Generated types
//!
//! | Terraform | Rust |
//! |---|---|
//! | `string` | `String` |
//! | `number` | [`Number`] (exact) |
//! | `bool` | `bool` |
//! | `list(T)` | `Vec<T>` |
//! | `set(T)` | `BTreeSet<T>` (a `Vec<T>` when `T` has no order, e.g. holds `any`) |
//! | `map(T)` | `BTreeMap<String, T>` |
//! | `tuple([A, B])` | `(A, B)` |
//! | `object({…})` | a generated struct |
//! | `any`, no `type` | `serde_json::Value` |
//!
//! A variable with a default and an `optional(…)` attribute are `Option` fields: unset means the
//! module's default. A sensitive variable is a [`Sensitive`]. Names follow one rule (see
//! the codegen crate's `rust::naming`): fields are the snake_case Terraform name (keywords get
//! a trailing `_`, clashes `_2`, `_3`, …); object types are the root name followed by the
//! UpperCamelCase path (`Variables` + `node_pools` + `autoscaling` →
//! `VariablesNodePoolsAutoscaling`), numbered on a clash.
#![deny(missing_docs)]

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;
mod pipeline;

pub use tfvars_macros::terraform_vars;
pub use tfvars_runtime::output::OutputError;
pub use tfvars_runtime::typed::{IntoNumber, VariableInfo};
pub use tfvars_runtime::{Diagnostic, Number, Report, Sensitive, Severity, Type, Value};
