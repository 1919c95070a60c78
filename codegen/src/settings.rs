//! The one settings builder behind `terraform_vars!`, the build.rs API and `tfvars rust`.
//!
//! From a build script:
//!
//! ```no_run
//! // build.rs
//! tfvars_codegen::Settings::new()
//!     .module_dir("infra/network")
//!     .root_name("Network")
//!     .generate()
//!     .unwrap();
//! ```
//!
//! ```ignore
//! // src/network.rs
//! include!(concat!(env!("OUT_DIR"), "/network.rs"));
//! ```
//!
//! or, with every default, `tfvars_codegen::generate("infra/network")` (writes
//! `$OUT_DIR/variables.rs`). `generate()` prints `cargo:rerun-if-changed` for the module
//! directory (so an added file is seen) and for each file read.

use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use tfvars_runtime::TerraformVersion;

use crate::error::LoadError;
use crate::model::Module;
use crate::rust::{self, naming, RustOptions, Unsupported};
use crate::schema::{SchemaError, SchemaOptions};

/// Why code could not be generated.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// No module directory was set.
    #[error("no module directory: call `module_dir(…)`")]
    NoModuleDir,
    /// The module has problems (every one is listed).
    #[error("{0}")]
    Load(#[from] LoadError),
    /// The schema could not be rendered.
    #[error("{0}")]
    Schema(#[from] SchemaError),
    /// `root_name` is not a Rust type name.
    #[error("`{0}` is not a valid name for the root struct: use an UpperCamelCase identifier such as `Network`")]
    BadRootName(String),
    /// `crate_path` is not a Rust path.
    #[error("`{0}` is not a valid Rust path for the `tfvars` crate")]
    BadCratePath(String),
    /// The output file could not be written.
    #[error("cannot write `{path}`: {source}")]
    Write {
        /// The output file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// `OUT_DIR` is not set (not running in a build script) and no output file was given.
    #[error("`OUT_DIR` is not set: call `generate()` from build.rs, or set `out_file(…)`")]
    NoOutDir,
}

/// The result of an expansion: the code, and what went into it.
#[derive(Debug)]
pub struct Expansion {
    /// The generated items, as Rust source text (see [`rust::render`]).
    pub code: String,
    /// Every `.tf` and `.tf.json` file of the module, in sorted order: what the code depends
    /// on.
    pub files: Vec<PathBuf>,
    /// Validation rules the runtime cannot decide (reported as unchecked by `validate()`; the
    /// code raises a compile-time warning for each).
    pub unsupported: Vec<Unsupported>,
}

impl Expansion {
    /// The code lexed into tokens by proc-macro2. Inside a proc macro, prefer handing
    /// [`Expansion::code`] to `proc_macro::TokenStream::from_str`: proc-macro2 checks the text
    /// with its own lexer before rustc lexes it again.
    pub fn tokens(&self) -> TokenStream {
        self.code.parse().expect("the rendered code lexes")
    }
}

/// Settings for generating Rust code from a Terraform module.
#[derive(Clone, Debug)]
pub struct Settings {
    module_dir: Option<PathBuf>,
    out_file: Option<PathBuf>,
    root_name: String,
    crate_path: String,
    terraform_version: TerraformVersion,
    track_files: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::new()
    }
}

impl Settings {
    /// Default settings: root struct `Variables`, crate `::tfvars`, current Terraform semantics.
    pub fn new() -> Settings {
        Settings {
            module_dir: None,
            out_file: None,
            root_name: "Variables".to_string(),
            crate_path: "::tfvars".to_string(),
            terraform_version: TerraformVersion::default(),
            track_files: false,
        }
    }

    /// The Terraform module directory. Relative paths are relative to the current directory
    /// (the package root in a build script).
    pub fn module_dir(&mut self, dir: impl Into<PathBuf>) -> &mut Self {
        self.module_dir = Some(dir.into());
        self
    }

    /// Where [`Settings::generate`] writes; by default `$OUT_DIR/<root name in snake_case>.rs`.
    pub fn out_file(&mut self, path: impl Into<PathBuf>) -> &mut Self {
        self.out_file = Some(path.into());
        self
    }

    /// The root struct's name (default `Variables`).
    pub fn root_name(&mut self, name: impl Into<String>) -> &mut Self {
        self.root_name = name.into();
        self
    }

    /// The path generated code uses for the `tfvars` crate (default `::tfvars`), for a crate
    /// that renames the dependency.
    pub fn crate_path(&mut self, path: impl Into<String>) -> &mut Self {
        self.crate_path = path.into();
        self
    }

    /// The Terraform semantics `validate()` follows (default: the current behaviour).
    pub fn terraform_version(&mut self, version: TerraformVersion) -> &mut Self {
        self.terraform_version = version;
        self
    }

    /// Emit `const _: &[u8] = include_bytes!(…)` for every file read, so that editing one
    /// rebuilds the crate (on for the macro; build scripts use `cargo:rerun-if-changed`).
    pub fn track_files(&mut self, on: bool) -> &mut Self {
        self.track_files = on;
        self
    }

    fn check_names(&self) -> Result<(), GenerateError> {
        let root_ok = syn::parse_str::<syn::Ident>(&self.root_name).is_ok()
            && !self.root_name.starts_with("r#")
            && self.root_name.starts_with(|c: char| c.is_uppercase())
            && !naming::is_keyword(&self.root_name);
        if !root_ok {
            return Err(GenerateError::BadRootName(self.root_name.clone()));
        }
        if syn::parse_str::<syn::Path>(&self.crate_path).is_err() {
            return Err(GenerateError::BadCratePath(self.crate_path.clone()));
        }
        Ok(())
    }

    /// Loads the module and renders the code.
    pub fn expand(&self) -> Result<Expansion, GenerateError> {
        self.check_names()?;
        let dir = self.module_dir.as_ref().ok_or(GenerateError::NoModuleDir)?;
        let module = crate::load(dir)?;
        self.expand_module(module)
    }

    /// Renders the code for a module already loaded.
    pub fn expand_module(&self, module: Module) -> Result<Expansion, GenerateError> {
        self.check_names()?;
        let tracked_files = if self.track_files {
            module
                .files
                .iter()
                .map(|f| std::path::absolute(f).unwrap_or_else(|_| f.clone()))
                .collect()
        } else {
            Vec::new()
        };
        let options = RustOptions {
            root_name: self.root_name.clone(),
            crate_path: self.crate_path.clone(),
            terraform_version: self.terraform_version,
            tracked_files,
            json_schema: String::new(),
        };
        let mut schema_options = SchemaOptions::new();
        schema_options.terraform_version(self.terraform_version);
        // The schema and the embedded spec are made among the tasks that write the Rust code:
        // they are independent until their text goes into the code.
        let others = || {
            let schema = crate::schema::render(&module, &schema_options);
            (schema, rust::spec_literals(&module))
        };
        let (parts, (schema, spec)) = rust::render_parts_beside(&module, &options, others);
        let code = parts.finish(&schema?.text, &spec);
        let unsupported = rust::unsupported_conditions(&module.spec);
        // The spec is thousands of small allocations: freeing them need not delay the caller.
        let Module { files, spec, .. } = module;
        crate::parallel::drop_beside(spec);
        Ok(Expansion {
            code,
            files,
            unsupported,
        })
    }

    /// The code as a file: `// @generated`, formatted with prettyplease (what `tfvars rust`
    /// prints), with the validation rules that cannot be checked.
    pub fn render_file(&self) -> Result<(String, Vec<Unsupported>), GenerateError> {
        let expansion = self.expand()?;
        let dir = self
            .module_dir
            .as_deref()
            .unwrap_or(Path::new("."))
            .display()
            .to_string();
        let text = rust::to_file_text(
            &expansion.code,
            &format!("by `tfvars rust` from the Terraform module `{dir}`: do not edit"),
        );
        Ok((text, expansion.unsupported))
    }

    /// For build.rs: writes the code to the output file and prints `cargo:rerun-if-changed`
    /// for the module directory and each file read.
    pub fn generate(&self) -> Result<PathBuf, GenerateError> {
        let expansion = self.expand()?;
        let out = match &self.out_file {
            Some(p) => p.clone(),
            None => {
                let dir = std::env::var_os("OUT_DIR").ok_or(GenerateError::NoOutDir)?;
                PathBuf::from(dir).join(format!("{}.rs", naming::snake(&self.root_name)))
            }
        };
        let dir = self.module_dir.as_deref().unwrap_or(Path::new("."));
        println!("cargo:rerun-if-changed={}", dir.display());
        for f in &expansion.files {
            println!("cargo:rerun-if-changed={}", f.display());
        }
        for u in &expansion.unsupported {
            println!("cargo:warning={}", u.message());
        }
        let text = rust::to_file_text(
            &expansion.code,
            &format!(
                "by tfvars-codegen from the Terraform module `{}`: do not edit",
                dir.display()
            ),
        );
        let unchanged = std::fs::read_to_string(&out).is_ok_and(|old| old == text);
        if !unchanged {
            // Atomic, so that a build interrupted mid-write never leaves a truncated file for
            // `include!` to read on the next build.
            tfvars_runtime::output::write_atomic(&out, text.as_bytes(), false).map_err(
                |source| GenerateError::Write {
                    path: out.clone(),
                    source,
                },
            )?;
        }
        Ok(out)
    }
}

/// For build.rs, with every default: generates `$OUT_DIR/variables.rs` (root struct
/// `Variables`) for the module in `module_dir`.
pub fn generate(module_dir: impl AsRef<Path>) -> Result<PathBuf, GenerateError> {
    Settings::new()
        .module_dir(module_dir.as_ref().to_path_buf())
        .generate()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/modules")
            .join(name)
    }

    #[test]
    fn generate_writes_an_includable_file_once() {
        let out = std::env::temp_dir().join(format!("tfvars-settings-{}.rs", std::process::id()));
        let mut settings = Settings::new();
        settings
            .module_dir(fixture("all_types"))
            .root_name("AllTypes")
            .out_file(&out);
        assert_eq!(settings.generate().unwrap(), out);
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.starts_with("// @generated"));
        assert!(text.contains("pub struct AllTypes {"));
        assert!(text.contains("pub struct AllTypesServer {"));
        assert!(
            !text.contains("include_bytes!"),
            "build scripts track files with rerun-if-changed"
        );
        syn::parse_file(&text).expect("the file parses as Rust");
        // Unchanged output is not rewritten, so it does not trigger a rebuild.
        let before = std::fs::metadata(&out).unwrap().modified().unwrap();
        settings.generate().unwrap();
        assert_eq!(std::fs::metadata(&out).unwrap().modified().unwrap(), before);
        std::fs::remove_file(&out).unwrap();
    }

    #[test]
    fn bad_settings_are_errors() {
        assert!(matches!(
            Settings::new().expand(),
            Err(GenerateError::NoModuleDir)
        ));
        let mut s = Settings::new();
        s.module_dir(fixture("all_types")).root_name("lower");
        assert!(matches!(s.expand(), Err(GenerateError::BadRootName(_))));
        s.root_name("Ok").crate_path("not a path");
        assert!(matches!(s.expand(), Err(GenerateError::BadCratePath(_))));
        let mut missing = Settings::new();
        missing.module_dir(fixture("does_not_exist"));
        assert!(matches!(missing.expand(), Err(GenerateError::Load(_))));
    }

    #[test]
    fn macro_expansion_tracks_every_file() {
        let mut s = Settings::new();
        s.module_dir(fixture("all_types")).track_files(true);
        let expansion = s.expand().unwrap();
        let text = expansion.tokens().to_string();
        assert_eq!(text.matches("include_bytes").count(), expansion.files.len());
    }
}
