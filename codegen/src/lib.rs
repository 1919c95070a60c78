//! The tfvars code generator: loads a Terraform module's variables and renders them as a JSON
//! Schema, as Rust code, or as terraschema's variables export.

pub mod error;
pub mod export;
pub mod json_text;
pub mod model;
pub mod schema;

pub use error::{LoadError, Problem};
pub use model::Module;
