//! The Rust renderer: a module's variables as typed structs with builders, validation, the JSON
//! Schema and `.tfvars.json` I/O. The macro, the build.rs API and `tfvars rust` all call
//! [`render`]; see [`naming`] for how names are chosen.
//!
//! Generated code reaches the runtime only through the facade crate (`::tfvars` or the crate
//! path given): `{crate}::__private::…` for machinery, `{crate}::Number`, `{crate}::Sensitive`,
//! `{crate}::Value` and `{crate}::Report` for public types.

pub mod naming;
mod root;
pub mod spec_embed;
pub mod types;
mod unsupported;

use std::path::PathBuf;

use proc_macro2::TokenStream;
use quote::quote;
use tfvars_runtime::TerraformVersion;

use crate::model::Module;

pub use unsupported::{unsupported_conditions, Unsupported};

/// What the Rust renderer needs besides the module.
#[derive(Clone, Debug)]
pub struct RustOptions {
    /// The root struct's name (`Variables`).
    pub root_name: String,
    /// The path of the facade crate, `::tfvars` unless renamed.
    pub crate_path: String,
    /// The Terraform semantics `validate()` follows.
    pub terraform_version: TerraformVersion,
    /// Files to track with `include_bytes!` (absolute paths), so edits rebuild.
    pub tracked_files: Vec<PathBuf>,
    /// The module's JSON Schema text (`Variables::JSON_SCHEMA`).
    pub json_schema: String,
}

impl Default for RustOptions {
    fn default() -> RustOptions {
        RustOptions {
            root_name: "Variables".to_string(),
            crate_path: "::tfvars".to_string(),
            terraform_version: TerraformVersion::default(),
            tracked_files: Vec::new(),
            json_schema: String::new(),
        }
    }
}

/// Renders the code for a loaded module.
pub fn render(module: &Module, options: &RustOptions) -> TokenStream {
    let krate: TokenStream = options
        .crate_path
        .parse()
        .unwrap_or_else(|_| quote!(::tfvars));
    let mut out = TokenStream::new();
    for p in &options.tracked_files {
        let p = p.to_string_lossy().into_owned();
        out.extend(quote!(
            const _: &[u8] = ::std::include_bytes!(#p);
        ));
    }
    // Streams are moved into the output (`extend`), not interpolated, which would copy them.
    out.extend([root::render_root(module, options, &krate)]);
    out.extend(
        unsupported_conditions(&module.spec)
            .into_iter()
            .map(|u| u.to_warning_tokens()),
    );
    out
}

/// Formats rendered code as a file: `// @generated` header and prettyplease layout (with the
/// default `pretty` feature; without it, the tokens as one line).
pub fn to_file_text(tokens: TokenStream, header: &str) -> String {
    #[cfg(feature = "pretty")]
    let text = match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(file) => prettyplease::unparse(&file),
        Err(_) => tokens.to_string(),
    };
    #[cfg(not(feature = "pretty"))]
    let text = tokens.to_string();
    format!("// @generated {header}\n\n{text}")
}
