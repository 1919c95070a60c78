//! The loaded module: the one model every renderer reads.

use std::path::PathBuf;

use tfvars_runtime::{ModuleSpec, VariableSpec};

use crate::error::Problem;

/// A Terraform module's variables, as loaded from its directory.
#[derive(Clone, Debug)]
pub struct Module {
    /// The module directory, as given.
    pub dir: PathBuf,
    /// Every `.tf` and `.tf.json` file read, in sorted order (for rebuild tracking).
    pub files: Vec<PathBuf>,
    /// Variables and locals.
    pub spec: ModuleSpec,
    /// Problems that do not stop loading.
    pub warnings: Vec<Problem>,
}

impl Module {
    /// The variables, in declaration order.
    pub fn variables(&self) -> &[VariableSpec] {
        &self.spec.variables
    }
}
