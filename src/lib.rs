//! Compile-time-typed Terraform variables, with Terraform's own conversions and validation.
//!
//! [`terraform_vars!`] reads a Terraform module's `variable` blocks when your crate compiles and
//! generates, for that module:
//! - a `Variables` struct with one typed field per variable, documented from its `description`,
//!   and a builder on which a missing required variable is a compile error;
//! - `validate()`, which runs every `validation` block of the module with Terraform's
//!   semantics, after Terraform's type conversions, defaults and null rules;
//! - `.tfvars.json` output (`to_tfvars_json()`, `write_tfvars_json()`), `.tfvars` and
//!   `TF_VAR_` output, and `from_tfvars_json()` to read a file back as Terraform would;
//! - the module's JSON Schema (`JSON_SCHEMA`) and a table of what each variable declares.
//!
//! The [`example`] module of these docs is the macro's real output for the module bundled as
//! `examples/network`: browse it to see what your own module will give you.
//!
//! # Example
//!
//! `examples/network/variables.tf` declares, among others:
//!
//! ```hcl
//! variable "region" {
//!   type = string
//!   validation {
//!     condition     = can(regex("^[a-z]{2}-[a-z]+-[0-9]$", var.region))
//!     error_message = "The region must look like `eu-west-1`."
//!   }
//! }
//!
//! variable "subnets" {
//!   type = map(object({
//!     cidr   = string
//!     zone   = string
//!     public = optional(bool, false)
//!     tags   = optional(map(string), {})
//!   }))
//! }
//!
//! variable "bastion_admin_password" {
//!   type      = string
//!   sensitive = true
//! }
//! ```
//!
//! A deployment program builds its values as plain Rust, checks them with the module's own
//! rules and writes the file Terraform reads:
//!
//! ```
//! use std::collections::{BTreeMap, BTreeSet};
//!
//! mod network {
//!     // The module's path relative to this source file (here `src/lib.rs`), like `include_str!`,
//!     // or an absolute path.
//!     tfvars::terraform_vars!("../examples/network");
//! }
//! use network::{Variables, VariablesSubnets};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let zones = BTreeSet::from(["eu-west-1a".to_string(), "eu-west-1b".to_string()]);
//! let subnet = VariablesSubnets::builder()
//!     .cidr("10.0.1.0/24")
//!     .zone("eu-west-1a")
//!     .public(true)
//!     .build();
//! let vars = Variables::builder()
//!     .region("eu-west-1")
//!     .availability_zones(zones)
//!     .subnets(BTreeMap::from([("public-a".to_string(), subnet)]))
//!     .bastion_admin_password("correct-horse-battery")
//!     .build();
//!
//! // Every `validation` block of the module, as `terraform plan` would run it.
//! vars.validate()?;
//!
//! // Only what was set, in declaration order: the module's defaults apply to the rest.
//! let text = vars.to_tfvars_json();
//! assert!(text.contains(r#""region": "eu-west-1""#));
//! assert!(!text.contains("vpc_cidr"));
//!
//! // Written atomically, with mode 0600 because a sensitive value is set.
//! let dir = std::env::temp_dir().join(format!("tfvars-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! vars.write_tfvars_json(dir.join("network.auto.tfvars.json"))?;
//! # std::fs::remove_dir_all(&dir)?;
//!
//! // Reading the file back gives the same values.
//! assert!(Variables::from_tfvars_json(&text)? == vars);
//!
//! // Debug output never shows a sensitive value.
//! assert!(!format!("{vars:?}").contains("correct-horse-battery"));
//! # Ok(())
//! # }
//! ```
//!
//! A value the module rejects is reported with the variable, the path inside the value, the
//! module's own `error_message` and where the rule is declared:
//!
//! ```
//! # use std::collections::{BTreeMap, BTreeSet};
//! # mod network {
//! #     tfvars::terraform_vars!("../examples/network");
//! # }
//! # use network::{Variables, VariablesSubnets};
//! let vars = Variables::builder()
//!     .region("moon-base-1")
//!     .availability_zones(BTreeSet::from(["eu-west-1a".to_string()]))
//!     .subnets(BTreeMap::new())
//!     .bastion_admin_password("hunter2")
//!     .build();
//! let report = vars.validate().unwrap_err();
//! let rejected: Vec<_> = report.errors().filter_map(|d| d.variable.as_deref()).collect();
//! assert_eq!(rejected, ["region", "availability_zones", "bastion_admin_password"]);
//!
//! // The first one reads:
//! // error: Invalid value for variable `var.region`: The region must look like `eu-west-1`.
//! //
//! // This was checked by the validation rule at variables.tf:5,3-13. (variables.tf:1:1)
//! let first = report.errors().next().unwrap();
//! assert_eq!(first.detail.lines().next(), Some("The region must look like `eu-west-1`."));
//!
//! // A file is converted with Terraform's rules first: here `zone` is missing.
//! let err = Variables::from_tfvars_json(r#"{"subnets": {"a": {"cidr": "10.0.1.0/24"}}}"#)
//!     .unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "error: Invalid value for input variable `var.subnets`: The given value is not suitable \
//!      for var.subnets declared at variables.tf:32,1-19: element \"a\": attribute \"zone\" is \
//!      required. (<tfvars.json>:1:13)"
//! );
//! ```
//!
//! # Invocation
//!
//! `terraform_vars!("PATH" [, name = Ident] [, terraform_version = "1.11" | "latest"] [, crate = path])`
//!
//! - `PATH` is relative to the directory of the file holding the invocation (like
//!   `include_str!`; relative to the package root where the compiler cannot tell the file, as
//!   inside another macro's output), or absolute. Every `.tf` and `.tf.json` file read is tracked, so editing one
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
//! | `any`, no `type` | [`AnyValue`]: JSON-shaped, with exact numbers |
//!
//! A variable with a default and an `optional(…)` attribute are `Option` fields: unset means the
//! module's default. A sensitive variable is a [`Sensitive`]; an ephemeral one is marked in its
//! doc comment and in `VARIABLES`.
//!
//! An explicit `null` is kept apart from "unset" only where Terraform gives it a meaning of its
//! own: a nullable variable whose default is not null. Such a variable gets a
//! `null_<field>()` method on the builder and on the built struct; `to_tfvars_json()` then
//! writes `"name": null` and
//! `from_tfvars_json()` records it. Elsewhere a null reads as unset (`None`). A null for a
//! required variable, a required object attribute or a collection element has no Rust
//! representation: `from_tfvars_json()` rejects it with the variable and the path.
//!
//! # Generated methods
//!
//! (All of them are in [`example::Variables`], with their documentation.)
//!
//! - `builder()`: a [bon](https://docs.rs/bon) builder; required variables must be set before
//!   `build()` compiles, optional ones also have a `maybe_<field>(Option<…>)` setter.
//! - `validate()`: Terraform's conversions, defaults and null rules, then every `validation`
//!   block; `Ok` holds the warnings and undecided rules, `Err` every error, as a [`Report`] of
//!   [`Diagnostic`]s.
//! - `to_tfvars_json()`, `write_tfvars_json(path)` (atomic, mode `0600` when a sensitive value
//!   is set), `to_tfvars_hcl()`, `to_env()` (`TF_VAR_` pairs, for secrets that should not touch
//!   the disk), and their `_filtered` variants taking a predicate on [`VariableInfo`] (e.g.
//!   `|v| !v.ephemeral` for the file and `|v| v.ephemeral` for the environment).
//! - `from_tfvars_json(text)`: Terraform's strict JSON reading and conversions; a bad value is a
//!   [`Report`] naming the variable and the path inside it.
//! - `JSON_SCHEMA` (identical to `tfvars schema --stdout` for the module) and `VARIABLES` (what
//!   each variable declares), associated constants.
//!
//! # Naming
//!
//! Fields are the snake_case Terraform name (keywords get a trailing `_`, clashes `_2`, `_3`,
//! …); object types are the root name followed by the UpperCamelCase path (`Variables` +
//! `node_pools` + `autoscaling` → `VariablesNodePoolsAutoscaling`), numbered on a clash.
//!
//! # Rules that cannot be checked
//!
//! A validation rule the runtime cannot decide (an unsupported function, a resource reference)
//! raises a compile-time warning at the invocation ("use of deprecated unit struct
//! `unchecked_validation`: …"), and `validate()` reports it as
//! [`Severity::Unchecked`], never as passed.
//!
//! # Cargo features
//!
//! - `schemars` (off by default): the root type implements `schemars::JsonSchema` (schemars 1),
//!   returning `JSON_SCHEMA`, for tools that collect schemas through schemars.
//! - `plan` (off by default): `tfvars::plan`, plan checks: read `terraform show -json` plans
//!   and check them against a spec (adds a YAML parser, `saphyr-parser`).
//!
//! Nothing else is optional. A crate using `tfvars` compiles the macro's module loader (an HCL
//! parser) for the host and the runtime (exact decimals, Go-compatible regular expressions,
//! Unicode text functions) for the target; `benches/compile_cost.sh` in the repository measures
//! what that costs against a crate using only serde and serde_json.
//!
//! # Other ways in
//!
//! - **build.rs**: the `tfvars-codegen` crate's `Settings` writes the same code to a file
//!   (formatted, with `cargo:rerun-if-changed` for every file of the module) to `include!`.
//! - **The `tfvars` command line** (`tfvars-cli`): `tfvars schema` writes the JSON Schema
//!   (terraschema's flags and output), `tfvars validate` checks `.tfvars.json` and `.tfvars`
//!   files as `terraform plan` would, `tfvars check-plan` checks a plan against a spec, and
//!   `tfvars rust` prints the code the macro generates.
//! - **Plan checks** (feature `plan`): `tfvars::plan` reads `terraform show -json` plans and checks
//!   them against a spec of what planned resources must look like, before apply.
#![deny(missing_docs)]

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;
#[cfg(doc)]
pub mod example;
#[cfg(feature = "inputs")]
pub mod inputs;
mod pipeline;

pub use tfvars_macros::terraform_vars;
pub use tfvars_runtime::output::OutputError;
#[cfg(feature = "plan")]
pub use tfvars_runtime::plan;
pub use tfvars_runtime::typed::{IntoNumber, VariableInfo};
pub use tfvars_runtime::{
    AnyValue, Diagnostic, Number, Report, Sensitive, Severity, Type, Value, ValueMap,
};
