//! The tfvars code generator: loads a Terraform module's variables and renders them as a JSON
//! Schema, as Rust code, or as terraschema's variables export.

pub mod error;
pub mod export;
mod hcl_file;
pub mod inputs;
mod json_file;
pub mod json_text;
pub mod loader;
pub mod lower;
pub mod model;
mod parallel;
pub mod rust;
pub mod schema;
pub mod settings;
pub mod source;
mod suggest;
mod text_hash;
pub mod tfvars_hcl;
pub mod type_expr;

pub use error::{LoadError, LoadErrorKind, Problem};
pub use loader::load;
pub use model::Module;
pub use settings::{generate, Expansion, GenerateError, Settings};
