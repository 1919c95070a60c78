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
    let parts = render_parts(module, options);
    parts.finish(&options.json_schema, &spec_literals(module))
}

/// The code of [`render`] without two long literals that are made apart, so that another
/// thread can make them meanwhile: the module's JSON Schema, and the embedded spec
/// ([`spec_literals`]). [`Parts::finish`] puts them in.
pub struct Parts {
    code: String,
    at: root::Offsets,
}

impl Parts {
    /// The whole code, given the schema text and [`spec_literals`]. Both go into the code's
    /// own text: what follows the schema's place (the root's `impl`, a small part of the code)
    /// is set aside and put back after them, so the megabytes of structs before it are
    /// neither copied nor written to fresh memory again.
    pub fn finish(self, schema: &str, spec_literals: &str) -> String {
        let Parts { mut code, at } = self;
        let tail = code.split_off(at.schema_at);
        code.reserve(schema.len() + spec_literals.len() + tail.len() + 16);
        text::push_raw_str(&mut code, schema);
        let (before_spec, after_spec) = tail.split_at(at.spec_at - at.schema_at);
        code.push_str(before_spec);
        code.push_str(spec_literals);
        code.push_str(after_spec);
        code
    }
}

/// [`render`] but for the schema (`options.json_schema` is not read) and the embedded spec.
pub fn render_parts(module: &Module, options: &RustOptions) -> Parts {
    render_parts_beside(module, options, || ()).0
}

/// [`render_parts`], running `side` (the schema, say) on a thread of its own, started before
/// the code is rendered on every core.
pub fn render_parts_beside<S: Send>(
    module: &Module,
    options: &RustOptions,
    side: impl FnOnce() -> S + Send,
) -> (Parts, S) {
    let krate = options.crate_path.trim();
    let krate = if syn::parse_str::<syn::Path>(krate).is_ok() {
        krate
    } else {
        "::tfvars"
    };
    crate::parallel::beside(side, || {
        let mut code = String::with_capacity(1 << 16);
        for p in &options.tracked_files {
            code.push_str("const _: &[u8] = ::std::include_bytes!(");
            text::push_str_lit(&mut code, &p.to_string_lossy());
            code.push_str(");\n");
        }
        let at = root::render_root(module, options, krate, &mut code);
        for u in unsupported_conditions(&module.spec) {
            code.push_str(&u.to_warning_text());
        }
        Parts { code, at }
    })
}

/// The arguments of the generated `spec_from_parts(…)` call: the module spec as two raw string
/// literals (see [`spec_embed`]).
pub fn spec_literals(module: &Module) -> String {
    let (skeleton, types) = spec_embed::encode(&module.spec);
    let mut out = String::with_capacity(skeleton.len() + types.len() + 16);
    text::push_raw_str(&mut out, &skeleton);
    out.push_str(", ");
    text::push_raw_str(&mut out, &types);
    out
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
