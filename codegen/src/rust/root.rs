//! The root struct: one field per variable, the builder, the module spec, the metadata table and
//! the I/O methods (which delegate to generic functions in the facade, keeping expansions small).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use tfvars_runtime::output::{to_hcl_expression, type_text};
use tfvars_runtime::{TerraformVersion, VariableSpec};

use super::naming::FieldNames;
use super::types::{
    render_struct, render_value_impls, FieldDef, SharedTokens, StructDef, TypeMapper,
};
use super::RustOptions;
use crate::model::Module;

/// The hidden field recording explicit nulls; no variable's field can take this name, as field
/// names never hold a doubled `_`.
pub(super) const NULLS_FIELD: &str = "__nulls";

/// Whether an explicit `null` for the variable means something different from leaving it unset:
/// a nullable variable whose default is not null (null is then kept instead of the default).
pub fn null_is_meaningful(v: &VariableSpec) -> bool {
    v.nullable && v.default.as_ref().is_some_and(|d| !d.is_null())
}

fn variable_doc(v: &VariableSpec, field: &str) -> String {
    let mut doc = String::new();
    if let Some(d) = &v.description {
        doc.push_str(d.trim_end());
        doc.push_str("\n\n");
    }
    let ty = if v.typed {
        super::types::short_type_text(&v.ty)
    } else {
        "any (no `type`)".to_string()
    };
    doc.push_str(&format!("Terraform type: `{ty}`"));
    match &v.default {
        None => doc.push_str("; required."),
        Some(d) => doc.push_str(&format!(
            "; optional, unset means the default `{}`.",
            to_hcl_expression(d)
        )),
    }
    if null_is_meaningful(v) {
        doc.push_str(&format!(
            " `null_{field}()` sends an explicit `null`, which Terraform keeps instead of the default."
        ));
    }
    if !v.nullable {
        doc.push_str(" `nullable = false`.");
    }
    if v.sensitive {
        doc.push_str("\n\n**Sensitive**: wrapped in `Sensitive`, redacted in `Debug`; a file holding it is written with mode `0600`.");
    }
    if v.ephemeral {
        doc.push_str("\n\n**Ephemeral**: Terraform does not store it in the plan; prefer `to_env()` to a file, and set it again at apply.");
    }
    doc.push_str(&format!("\n\nDeclared at `{}`.", v.location));
    doc
}

/// Renders the root struct and everything it needs.
pub fn render_root(module: &Module, options: &RustOptions, krate: &TokenStream) -> TokenStream {
    let root = options.root_name.as_str();
    let vars = module.variables();
    let mut mapper = TypeMapper::new(krate, root);
    let mut idents = FieldNames::with_reserved(&[NULLS_FIELD]);
    let mut fields = Vec::new();
    for v in vars {
        let mut path = vec![v.name.clone()];
        let ty = mapper.map(&v.ty, &mut path);
        let ident = idents.assign(&v.name);
        fields.push(FieldDef {
            doc: variable_doc(v, &ident),
            ident,
            name: v.name.clone(),
            ty,
            optional: v.default.is_some(),
            sensitive: v.sensitive,
        });
    }
    let has_nulls = vars.iter().any(null_is_meaningful);
    let nulls_ident = format_ident!("{}", NULLS_FIELD);
    let extra = if has_nulls {
        quote! {
            #[builder(skip)]
            #[serde(skip)]
            #nulls_ident: #krate::__private::Nulls,
        }
    } else {
        quote!()
    };
    let root_def = StructDef {
        name: root.to_string(),
        doc: root_doc(module, root),
        fields,
        orderable: false,
        in_set: false,
        body_key: None,
    };
    let root_ident = format_ident!("{}", root);
    // Each struct's tokens are moved into the output, never copied.
    let shared = SharedTokens::new(krate);
    let mut out = render_struct(&shared, &root_def, extra, has_nulls);
    for s in &mapper.structs {
        out.extend([
            render_struct(&shared, s, TokenStream::new(), false),
            render_value_impls(&shared, s),
        ]);
    }

    // `ModuleVariables`: the spec, and the values in and out.
    let (skeleton, types) = super::spec_embed::encode(&module.spec);
    let (skeleton, types) = (raw_str(&skeleton), raw_str(&types));
    let version = match options.terraform_version {
        TerraformVersion::V1_11 => quote!(V1_11),
        TerraformVersion::Latest => quote!(Latest),
    };
    let pushes = root_def.fields.iter().zip(vars).map(|(f, v)| {
        let ident = format_ident!("{}", f.ident);
        let name = &f.name;
        let null = if null_is_meaningful(v) {
            quote!(self.#nulls_ident.contains(#name))
        } else {
            quote!(false)
        };
        quote!(#krate::__private::push_input(&mut out, #name, &self.#ident, #null);)
    });
    let reads = root_def.fields.iter().zip(vars).map(|(f, v)| {
        let ident = format_ident!("{}", f.ident);
        let name = &f.name;
        if v.default.is_none() {
            quote!(#ident: #krate::__private::required_input(values, #name)?)
        } else if null_is_meaningful(v) {
            quote!(#ident: #krate::__private::optional_input(values, #name, ::std::option::Option::Some(&mut nulls))?)
        } else {
            quote!(#ident: #krate::__private::optional_input(values, #name, ::std::option::Option::None)?)
        }
    });
    let (nulls_init, nulls_set) = if has_nulls {
        (
            quote!(let mut nulls = #krate::__private::Nulls::new();),
            quote!(#nulls_ident: nulls,),
        )
    } else {
        (quote!(), quote!())
    };

    let infos = root_def.fields.iter().zip(vars).map(|(f, v)| {
        let name = &v.name;
        let field = &f.ident;
        let ty = if v.typed { type_text(&v.ty) } else { "any".to_string() };
        let description = match &v.description {
            Some(d) => quote!(::std::option::Option::Some(#d)),
            None => quote!(::std::option::Option::None),
        };
        let required = v.default.is_none();
        let (sensitive, ephemeral, nullable) = (v.sensitive, v.ephemeral, v.nullable);
        quote! {
            #krate::__private::VariableInfo {
                name: #name, field: #field, type_text: #ty, description: #description,
                required: #required, sensitive: #sensitive, ephemeral: #ephemeral, nullable: #nullable,
            }
        }
    });

    let null_methods = root_def.fields.iter().zip(vars).filter(|(_, v)| null_is_meaningful(v)).map(|(f, v)| {
        let ident = format_ident!("{}", f.ident);
        let method = format_ident!("null_{}", f.ident);
        let name = &v.name;
        let doc = super::types::doc_attrs(&format!(
            "Sends an explicit `null` for `{name}`: Terraform then uses null, not the default. Setting the field again afterwards does not undo this; build a new value instead."
        ));
        quote! {
            #doc
            #[must_use]
            pub fn #method(mut self) -> Self {
                self.#ident = ::std::option::Option::None;
                self.#nulls_ident.insert(#name);
                self
            }
        }
    });

    let schema = raw_str(&options.json_schema);
    let schema_name = root;
    out.extend(quote! {
        impl #root_ident {
            /// The module's JSON Schema (draft-07), identical to `tfvars schema --stdout`.
            pub const JSON_SCHEMA: &'static str = #schema;

            /// What the module declares about each variable, in declaration order.
            pub const VARIABLES: &'static [#krate::__private::VariableInfo] = &[#(#infos),*];

            #(#null_methods)*

            /// Checks the values as `terraform plan` would: Terraform's conversions, null and
            /// default rules, then every `validation` block. `Ok` holds the warnings and the rules
            /// that could not be decided; `Err` holds every error.
            pub fn validate(&self) -> ::std::result::Result<#krate::Report, #krate::Report> {
                #krate::__private::validate(self)
            }

            /// The values as a `.tfvars.json` document: pretty, in declaration order, only what
            /// was set, numbers exactly as given.
            pub fn to_tfvars_json(&self) -> ::std::string::String {
                #krate::__private::to_tfvars_json(self, ::std::option::Option::None)
            }

            /// [`Self::to_tfvars_json`] for the variables `keep` accepts, e.g. all but the
            /// ephemeral ones: `to_tfvars_json_filtered(|v| !v.ephemeral)`.
            pub fn to_tfvars_json_filtered(
                &self,
                keep: impl ::std::ops::Fn(&#krate::__private::VariableInfo) -> bool,
            ) -> ::std::string::String {
                #krate::__private::to_tfvars_json(self, ::std::option::Option::Some(&keep))
            }

            /// Writes [`Self::to_tfvars_json`] atomically (temporary file in the same directory,
            /// flushed, then renamed); mode `0600` when a sensitive value is set.
            pub fn write_tfvars_json(
                &self,
                path: impl ::std::convert::AsRef<::std::path::Path>,
            ) -> ::std::io::Result<()> {
                #krate::__private::write_tfvars_json(self, path.as_ref(), ::std::option::Option::None)
            }

            /// [`Self::write_tfvars_json`] for the variables `keep` accepts.
            pub fn write_tfvars_json_filtered(
                &self,
                path: impl ::std::convert::AsRef<::std::path::Path>,
                keep: impl ::std::ops::Fn(&#krate::__private::VariableInfo) -> bool,
            ) -> ::std::io::Result<()> {
                #krate::__private::write_tfvars_json(self, path.as_ref(), ::std::option::Option::Some(&keep))
            }

            /// The values as a `.tfvars` (HCL) document.
            pub fn to_tfvars_hcl(&self) -> ::std::string::String {
                #krate::__private::to_tfvars_hcl(self, ::std::option::Option::None)
            }

            /// [`Self::to_tfvars_hcl`] for the variables `keep` accepts.
            pub fn to_tfvars_hcl_filtered(
                &self,
                keep: impl ::std::ops::Fn(&#krate::__private::VariableInfo) -> bool,
            ) -> ::std::string::String {
                #krate::__private::to_tfvars_hcl(self, ::std::option::Option::Some(&keep))
            }

            /// The values as `TF_VAR_<name>` environment pairs, so that secrets need not touch
            /// the disk.
            pub fn to_env(
                &self,
            ) -> ::std::result::Result<
                ::std::vec::Vec<(::std::string::String, ::std::string::String)>,
                #krate::__private::OutputError,
            > {
                #krate::__private::to_env(self, ::std::option::Option::None)
            }

            /// [`Self::to_env`] for the variables `keep` accepts, e.g. only the ephemeral ones.
            pub fn to_env_filtered(
                &self,
                keep: impl ::std::ops::Fn(&#krate::__private::VariableInfo) -> bool,
            ) -> ::std::result::Result<
                ::std::vec::Vec<(::std::string::String, ::std::string::String)>,
                #krate::__private::OutputError,
            > {
                #krate::__private::to_env(self, ::std::option::Option::Some(&keep))
            }

            /// Reads a `.tfvars.json` document with Terraform's strict JSON rules and
            /// conversions. Values left out stay unset.
            pub fn from_tfvars_json(text: &str) -> ::std::result::Result<Self, #krate::Report> {
                #krate::__private::from_tfvars_json(text)
            }
        }

        impl #krate::__private::ModuleVariables for #root_ident {
            fn spec() -> &'static #krate::__private::ModuleSpec {
                static SPEC: ::std::sync::OnceLock<#krate::__private::ModuleSpec> =
                    ::std::sync::OnceLock::new();
                SPEC.get_or_init(|| #krate::__private::spec_from_parts(#skeleton, #types))
            }

            fn variable_infos() -> &'static [#krate::__private::VariableInfo] {
                Self::VARIABLES
            }

            fn terraform_version() -> #krate::__private::TerraformVersion {
                #krate::__private::TerraformVersion::#version
            }

            fn to_inputs(&self) -> ::std::vec::Vec<(&'static str, #krate::Value)> {
                let mut out = ::std::vec::Vec::new();
                #(#pushes)*
                out
            }

            fn from_inputs(
                values: &::std::collections::BTreeMap<::std::string::String, #krate::Value>,
            ) -> ::std::result::Result<Self, (::std::string::String, #krate::__private::TypedError)> {
                #nulls_init
                ::std::result::Result::Ok(Self { #(#reads,)* #nulls_set })
            }
        }

        #krate::__private::impl_json_schema!(#root_ident, #schema_name);
    });
    out
}

/// A raw string literal (`r#"…"#`), so long JSON stays readable in `tfvars rust` output.
fn raw_str(text: &str) -> TokenStream {
    let mut hashes = String::from("#");
    while text.contains(&format!("\"{hashes}")) {
        hashes.push('#');
    }
    format!("r{hashes}\"{text}\"{hashes}")
        .parse()
        .unwrap_or_else(|_| quote!(#text))
}

fn root_doc(module: &Module, root: &str) -> String {
    let name = module
        .dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| module.dir.display().to_string());
    let _ = root;
    format!(
        "The input variables of the Terraform module `{name}`.\n\nBuild it with `builder()` (a missing required variable is a compile error), check it with `validate()`, write it with `write_tfvars_json()`."
    )
}
