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
pub mod text;
pub mod types;
mod unsupported;

use std::path::PathBuf;

use proc_macro2::TokenStream;
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

/// Renders the code for a loaded module, as Rust source text: the macro hands it to the
/// compiler's lexer (`proc_macro::TokenStream::from_str`), `tfvars rust` and build.rs lay it
/// out with [`to_file_text`], and [`render_tokens`] lexes it with proc-macro2.
pub fn render(module: &Module, options: &RustOptions) -> String {
    let (mut code, at) = render_parts(module, options);
    insert_schema(&mut code, at, &options.json_schema);
    code
}

/// [`render`] without the schema (`options.json_schema` is not read), so that the schema can
/// be rendered meanwhile on another thread: the code, and the offset where the literal of
/// `JSON_SCHEMA` goes (see [`insert_schema`]).
pub fn render_parts(module: &Module, options: &RustOptions) -> (String, usize) {
    let krate = options.crate_path.trim();
    let krate = if syn::parse_str::<syn::Path>(krate).is_ok() {
        krate
    } else {
        "::tfvars"
    };
    let mut out = String::with_capacity(1 << 16);
    for p in &options.tracked_files {
        out.push_str("const _: &[u8] = ::std::include_bytes!(");
        text::push_str_lit(&mut out, &p.to_string_lossy());
        out.push_str(");\n");
    }
    let at = root::render_root(module, options, krate, &mut out);
    for u in unsupported_conditions(&module.spec) {
        out.push_str(&u.to_warning_text());
    }
    (out, at)
}

/// Puts the literal of the module's JSON Schema text at `at`, an offset from
/// [`render_parts`].
pub fn insert_schema(code: &mut String, at: usize, schema: &str) {
    let mut literal = String::with_capacity(schema.len() + 8);
    text::push_raw_str(&mut literal, schema);
    code.insert_str(at, &literal);
}

/// [`render`] lexed into tokens.
pub fn render_tokens(module: &Module, options: &RustOptions) -> TokenStream {
    render(module, options)
        .parse()
        .expect("the rendered code lexes")
}

/// Formats rendered code as a file: `// @generated` header and prettyplease layout (with the
/// default `pretty` feature; without it, the text as rendered).
pub fn to_file_text(code: &str, header: &str) -> String {
    #[cfg(feature = "pretty")]
    let text = match syn::parse_file(code) {
        Ok(file) => prettyplease::unparse(&file),
        Err(_) => code.to_string(),
    };
    #[cfg(not(feature = "pretty"))]
    let text = code.to_string();
    format!("// @generated {header}\n\n{text}")
}
