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
//!   `include_str!`; with compilers older than 1.88, which lack `Span::local_file`, relative to
//!   the package root), or absolute. Every `.tf` and `.tf.json` file read is tracked, so editing one
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
//! module's default. A sensitive variable is a [`Sensitive`]; an ephemeral one is marked in its
//! doc comment and in `VARIABLES`.
//!
//! An explicit `null` is kept apart from "unset" only where Terraform gives it a meaning of its
//! own: a nullable variable whose default is not null. Such a variable gets a
//! `null_<field>()` method; `to_tfvars_json()` then writes `"name": null` and
//! `from_tfvars_json()` records it. Elsewhere a null reads as unset (`None`). A null for a
//! required variable, a required object attribute or a collection element has no Rust
//! representation: `from_tfvars_json()` rejects it with the variable and the path.
//!
//! # Generated methods
//!
//! `builder()`, `validate()`, `to_tfvars_json()`, `write_tfvars_json(path)`,
//! `to_tfvars_hcl()`, `to_env()`, `from_tfvars_json(text)`, and `to_tfvars_json_filtered`,
//! `write_tfvars_json_filtered`, `to_tfvars_hcl_filtered`, `to_env_filtered`, which take a
//! predicate on [`VariableInfo`] (e.g. `|v| !v.ephemeral` for the file and `|v| v.ephemeral` for
//! the environment). `JSON_SCHEMA` and `VARIABLES` are associated constants; with the default
//! `schemars` feature the root type implements `schemars::JsonSchema`, returning `JSON_SCHEMA`.
//!
//! A validation rule the runtime cannot decide (an unsupported function, a resource reference)
//! raises a compile-time warning at the invocation ("use of deprecated unit struct
//! `unchecked_validation`: …"), and `validate()` reports it as unchecked, never as passed. Names follow one rule (see
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
