//! The `terraform_vars!` macro. All the work happens in `tfvars-codegen`; this crate parses the
//! invocation, resolves the module path and turns problems into compile errors.

use std::path::{Path, PathBuf};

use proc_macro::TokenStream;
use proc_macro2::Span;
use quote::{format_ident, quote};
use syn::parse::{Parse, ParseStream};
use syn::{Ident, LitStr, Token};

/// Generates typed variables for a Terraform module: see the `tfvars` crate.
///
/// `terraform_vars!("PATH" [, name = Ident] [, terraform_version = "1.11"] [, crate = path])`
///
/// The macro runs on every build of the invoking crate. Cargo builds proc macros without
/// optimisation in the dev profile, where expanding a very large module (250 variables,
/// 1,000 object types) takes about 7 times longer (1.1 s against 0.15 s on a loaded 2-core
/// machine); crates using such modules can set `[profile.dev.build-override] opt-level = 3`.
#[proc_macro]
pub fn terraform_vars(input: TokenStream) -> TokenStream {
    let args = syn::parse_macro_input!(input as Args);
    match expand(args) {
        // The code is lexed by rustc in one call: proc-macro2's `parse` would first run its
        // own lexer over the whole text to check it, and `quote!` builds tokens one by one.
        Ok(code) => code
            .parse()
            .unwrap_or_else(|e| panic!("the generated code lexes: {e:?}")),
        Err((err, stub)) => stub.with_errors(err).into(),
    }
}

struct Args {
    path: LitStr,
    name: Option<Ident>,
    version: Option<LitStr>,
    krate: Option<syn::Path>,
}

impl Parse for Args {
    fn parse(input: ParseStream) -> syn::Result<Args> {
        let path: LitStr = input.parse()?;
        let mut args = Args {
            path,
            name: None,
            version: None,
            krate: None,
        };
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            if input.peek(Token![crate]) {
                input.parse::<Token![crate]>()?;
                input.parse::<Token![=]>()?;
                args.krate = Some(input.parse()?);
                continue;
            }
            let key: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            match key.to_string().as_str() {
                "name" => args.name = Some(input.parse()?),
                "terraform_version" => args.version = Some(input.parse()?),
                _ => {
                    return Err(syn::Error::new(
                        key.span(),
                        "unknown option: use `name = Ident`, `terraform_version = \"1.11\"` or `crate = path`",
                    ))
                }
            }
        }
        Ok(args)
    }
}

/// The module directory: relative to the invoking file's directory, else to the package root.
fn resolve(path: &str) -> PathBuf {
    let p = Path::new(path);
    if p.is_absolute() {
        return p.to_path_buf();
    }
    let base = invoking_dir().unwrap_or_else(|| {
        PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default())
    });
    let joined = base.join(p);
    normalize(&std::path::absolute(&joined).unwrap_or(joined))
}

/// Removes `.` and `..` components lexically, so messages show a plain path.
fn normalize(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push(c);
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// The directory of the file holding the invocation; `None` where the compiler cannot tell
/// (e.g. a macro invoked from another macro's output), in which case the package root is used.
fn invoking_dir() -> Option<PathBuf> {
    let file = proc_macro::Span::call_site().local_file()?;
    Some(file.parent()?.to_path_buf())
}

type Failure = (syn::Error, Stub);

/// What is emitted instead of the code when the module has errors: the errors, and the root
/// type with the generated API's surface (`builder()`, the methods, the constants) so that the
/// user's code that uses it does not add errors of its own (after thiserror's fallback).
///
/// The methods return a type that is an error to the compiler: `[u8; compile_error!(…)]`
/// (one of the module's errors, so it is reported once, as itself). rustc reports nothing
/// further about an expression of that type, so `Variables::builder().region("x").build()`,
/// `vars.validate()?` and the rest raise no follow-on errors, whatever the methods called.
#[derive(Clone)]
struct Stub {
    root: Ident,
    krate: proc_macro2::TokenStream,
}

impl Stub {
    fn with_errors(self, errors: syn::Error) -> proc_macro2::TokenStream {
        let Stub { root, krate } = self;
        let mut errors = errors.into_iter();
        let first = errors
            .next()
            .expect("a syn::Error holds at least one error")
            .into_compile_error();
        let rest = errors.map(syn::Error::into_compile_error);
        // Named after the root type: two invocations in one module must not clash.
        let unusable = format_ident!("__tfvars_{}_has_errors", root);
        quote! {
            #[doc(hidden)]
            #[allow(dead_code, non_camel_case_types)]
            type #unusable = [u8; #first];
            #(#rest)*
            /// Not generated: the Terraform module has errors.
            pub struct #root {}
            #[allow(dead_code, unused_variables, clippy::all)]
            impl #root {
                /// Not generated: the Terraform module has errors.
                pub const JSON_SCHEMA: &'static str = "";
                /// Not generated: the Terraform module has errors.
                pub const VARIABLES: &'static [#krate::VariableInfo] = &[];
                /// Not generated: the Terraform module has errors.
                pub fn builder() -> #unusable {
                    loop {}
                }
                /// Not generated: the Terraform module has errors.
                pub fn validate(&self) -> #unusable {
                    loop {}
                }
                /// Not generated: the Terraform module has errors.
                pub fn to_tfvars_json(&self) -> #unusable {
                    loop {}
                }
                /// Not generated: the Terraform module has errors.
                pub fn to_tfvars_json_filtered(
                    &self,
                    keep: impl ::std::ops::Fn(&#krate::VariableInfo) -> bool,
                ) -> #unusable {
                    loop {}
                }
                /// Not generated: the Terraform module has errors.
                pub fn write_tfvars_json(
                    &self,
                    path: impl ::std::convert::AsRef<::std::path::Path>,
                ) -> #unusable {
                    loop {}
                }
                /// Not generated: the Terraform module has errors.
                pub fn write_tfvars_json_filtered(
                    &self,
                    path: impl ::std::convert::AsRef<::std::path::Path>,
                    keep: impl ::std::ops::Fn(&#krate::VariableInfo) -> bool,
                ) -> #unusable {
                    loop {}
                }
                /// Not generated: the Terraform module has errors.
                pub fn to_tfvars_hcl(&self) -> #unusable {
                    loop {}
                }
                /// Not generated: the Terraform module has errors.
                pub fn to_tfvars_hcl_filtered(
                    &self,
                    keep: impl ::std::ops::Fn(&#krate::VariableInfo) -> bool,
                ) -> #unusable {
                    loop {}
                }
                /// Not generated: the Terraform module has errors.
                pub fn to_env(&self) -> #unusable {
                    loop {}
                }
                /// Not generated: the Terraform module has errors.
                pub fn to_env_filtered(
                    &self,
                    keep: impl ::std::ops::Fn(&#krate::VariableInfo) -> bool,
                ) -> #unusable {
                    loop {}
                }
                /// Not generated: the Terraform module has errors.
                pub fn from_tfvars_json(text: &str) -> #unusable {
                    loop {}
                }
            }
        }
    }
}

fn expand(args: Args) -> Result<String, Failure> {
    let span = args.path.span();
    let root = args
        .name
        .clone()
        .unwrap_or_else(|| format_ident!("Variables"));
    let krate = args
        .krate
        .as_ref()
        .map(|p| quote!(#p))
        .unwrap_or_else(|| quote!(::tfvars));
    let stub = Stub {
        root: root.clone(),
        krate: krate.clone(),
    };
    let fail = |msg: String, span: Span| (syn::Error::new(span, msg), stub.clone());
    let mut settings = tfvars_codegen::Settings::new();
    settings
        .module_dir(resolve(&args.path.value()))
        .root_name(root.to_string())
        .crate_path(krate.to_string().replace(' ', ""))
        .track_files(true);
    if let Some(v) = &args.version {
        let version = v.value().parse().map_err(|e: String| fail(e, v.span()))?;
        settings.terraform_version(version);
    }
    match settings.expand() {
        Ok(expansion) => Ok(expansion.code),
        Err(tfvars_codegen::GenerateError::Load(err)) => {
            // One error per problem, all at the literal: spans cannot point into `.tf` files.
            let mut problems = err.problems.iter();
            let first = problems.next().map(|p| p.to_string()).unwrap_or_default();
            let mut error = syn::Error::new(span, first);
            for p in problems {
                error.combine(syn::Error::new(span, p.to_string()));
            }
            Err((error, stub))
        }
        Err(tfvars_codegen::GenerateError::BadRootName(name)) => {
            let span = args.name.as_ref().map_or(span, |n| n.span());
            Err(fail(
                tfvars_codegen::GenerateError::BadRootName(name).to_string(),
                span,
            ))
        }
        Err(other) => Err(fail(other.to_string(), span)),
    }
}
