//! What [`terraform_vars!`](crate::terraform_vars) generates, shown for the module bundled with
//! this crate as `examples/network`.
//!
//! This module exists only in the documentation (`cfg(doc)`): when the docs are built, the macro
//! expands the module below exactly as it would in a crate of yours, so every item here is the
//! real generated code and its documentation. The crate-level example uses the same module.
//!
//! Where to look:
//! - [`Variables`]: one field per variable, documented from its `description`, Terraform type,
//!   default and declaration; `bastion_admin_password` is sensitive, hence a
//!   [`Sensitive`](crate::Sensitive).
//! - [`Variables::builder`]: a missing required variable (`region`, `availability_zones`,
//!   `subnets`, `bastion_admin_password`) is a compile error; setters take `impl Into<…>`.
//! - [`Variables::validate`], [`Variables::to_tfvars_json`], [`Variables::write_tfvars_json`],
//!   [`Variables::from_tfvars_json`], [`Variables::to_env`], and the `*_filtered` variants.
//! - [`Variables::JSON_SCHEMA`] and [`Variables::VARIABLES`].
//! - `null_vpc_cidr`, `null_flow_logs`, `null_tags`: those variables are nullable with a non-null
//!   default, so an explicit `null` means something of its own in Terraform.
//! - [`VariablesSubnets`], [`VariablesNat`], [`VariablesFlowLogs`]: the object types, named after
//!   the root type and the variable; `optional(…)` attributes are `Option` fields.
//!
//! The module's `variables.tf`:
//!
//! ```hcl
#![doc = include_str!("../examples/network/variables.tf")]
//! ```

crate::terraform_vars!("../examples/network", crate = crate);
