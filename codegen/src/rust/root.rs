//! The root struct: one field per variable, the builder, the module spec, the metadata table and
//! the I/O methods (which delegate to generic functions in the facade, keeping expansions small).

use std::borrow::Cow;
use std::ops::Range;

use tfvars_runtime::output::{to_hcl_expression, type_text};
use tfvars_runtime::{TerraformVersion, VariableSpec};

use super::naming::{FieldNames, SetterNames, TypeNames};
use super::text::{push_doc_attrs, push_str_lit};
use super::types::{
    assign_struct_names, has_required, render_build, render_struct, render_value_impls, FieldDef,
    Members, Shared, StructDef, TypeMapper,
};
use super::RustOptions;
use crate::model::Module;

/// The hidden field recording explicit nulls (on the struct and, as a bon `#[builder(field)]`,
/// on its builder). Reserved: a variable of this name gets `explicit_nulls_2`. (bon rejects
/// member names starting with `__`.)
pub(super) const NULLS_FIELD: &str = "explicit_nulls";

/// Whether an explicit `null` for the variable means something different from leaving it unset:
/// a nullable variable whose default is not null (null is then kept instead of the default).
pub fn null_is_meaningful(v: &VariableSpec) -> bool {
    v.nullable && v.default.as_ref().is_some_and(|d| !d.is_null())
}

fn variable_doc(v: &VariableSpec, field: &str, setter: &str) -> String {
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
    if null_is_meaningful(v) && field == setter {
        doc.push_str(&format!(
            " `null_{field}()`, on the builder or on the built value, sends an explicit `null`, which Terraform keeps instead of the default."
        ));
    } else if null_is_meaningful(v) {
        doc.push_str(&format!(
            " `null_{setter}()` on the builder and `null_{field}()` on the built value send an explicit `null`, which Terraform keeps instead of the default."
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

/// Appends the root struct and everything it needs, except the literal of `JSON_SCHEMA` and the
/// embedded spec: the returned offsets of `out` are where they go (see
/// [`super::render_parts`]).
pub fn render_root(
    module: &Module,
    options: &RustOptions,
    krate: &str,
    out: &mut String,
) -> Offsets {
    let root = options.root_name.as_str();
    let vars = module.variables();
    // Names first, in declaration order; then each variable's types are mapped and their
    // structs written, on every core, in runs of variables whose texts join in order.
    let mut type_names = TypeNames::new(root);
    let struct_names: Vec<Vec<String>> = vars
        .iter()
        .map(|v| {
            let mut names = Vec::new();
            assign_struct_names(
                &mut type_names,
                root,
                &v.ty,
                &mut vec![Cow::Borrowed(v.name.as_str())],
                &mut names,
            );
            names
        })
        .collect();
    let mut idents = FieldNames::with_reserved(&[NULLS_FIELD]);
    let field_idents: Vec<String> = vars.iter().map(|v| idents.assign(&v.name)).collect();
    let mut setters = SetterNames::default();
    let field_setters: Vec<String> = vars
        .iter()
        .zip(&field_idents)
        .map(|(v, ident)| setters.assign(ident, v.default.is_some(), null_is_meaningful(v)))
        .collect();
    let runs = runs_of_variables(&struct_names, crate::parallel::workers());
    let rendered = crate::parallel::map(&runs, |run| {
        let shared = Shared::new(krate);
        let mut out = RunText::default();
        let mut reserved = false;
        for i in run.clone() {
            let v = &vars[i];
            let mut mapper = TypeMapper::new(krate, &struct_names[i]);
            let ty = mapper.map(&v.ty, &mut vec![Cow::Borrowed(v.name.as_str())]);
            let ident = field_idents[i].clone();
            let setter = field_setters[i].clone();
            out.fields.push(FieldDef {
                doc: variable_doc(v, &ident, &setter),
                ident,
                setter,
                name: v.name.clone(),
                ty,
                optional: v.default.is_some(),
                sensitive: v.sensitive,
            });
            out.type_texts.push(if v.typed {
                type_text(&v.ty)
            } else {
                "any".to_string()
            });
            for s in &mapper.structs {
                render_struct(&shared, &mut out.structs, s, "", false);
                if has_required(s) {
                    render_build(&mut out.structs, s, Members::Attributes);
                }
                render_value_impls(&shared, &mut out.structs, s);
            }
            if !reserved && !mapper.structs.is_empty() {
                // The run's text grows to megabytes: room for the rest of its structs at the
                // size per struct of the first that has any, a little more, spares copying it
                // as it grows.
                reserved = true;
                let per_struct = out.structs.len() / mapper.structs.len();
                let rest: usize = struct_names[i + 1..run.end].iter().map(Vec::len).sum();
                out.structs.reserve(rest * per_struct / 8 * 9);
            }
        }
        out
    });
    let mut fields = Vec::with_capacity(vars.len());
    let mut type_texts = Vec::with_capacity(vars.len());
    let mut structs = Vec::with_capacity(rendered.len());
    for run in rendered {
        fields.extend(run.fields);
        type_texts.extend(run.type_texts);
        structs.push(run.structs);
    }
    let has_nulls = vars.iter().any(null_is_meaningful);
    let extra = if has_nulls {
        format!("#[builder(field)]\n#[serde(skip)]\n{NULLS_FIELD}: {krate}::__private::Nulls,\n")
    } else {
        String::new()
    };
    let root_def = StructDef {
        name: root.to_string(),
        doc: root_doc(module, root),
        fields,
        orderable: false,
        in_set: false,
        body_key: None,
    };
    let shared = Shared::new(krate);
    out.reserve(structs.iter().map(String::len).sum::<usize>() * 5 / 4);
    render_struct(&shared, out, &root_def, &extra, has_nulls);
    if has_required(&root_def) {
        let locations: Vec<String> = vars
            .iter()
            .filter(|v| v.default.is_none())
            .map(|v| v.location.to_string())
            .collect();
        render_build(out, &root_def, Members::Variables(&locations));
    }
    for text in &structs {
        out.push_str(text);
    }

    // `impl Variables`: the schema, the metadata table, the explicit-null setters, and the
    // methods, which delegate to generic functions of the facade.
    out.push_str("impl ");
    out.push_str(root);
    out.push_str(" {\n#[doc = \" The module's JSON Schema (draft-07), identical to `tfvars schema --stdout`.\"]\npub const JSON_SCHEMA: &'static str = ");
    let schema_at = out.len();
    out.push_str(";\n#[doc = \" What the module declares about each variable, in declaration order.\"]\npub const VARIABLES: &'static [");
    out.push_str(krate);
    out.push_str("::__private::VariableInfo] = &[\n");
    for (i, (f, v)) in root_def.fields.iter().zip(vars).enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        out.push_str(krate);
        out.push_str("::__private::VariableInfo { name: ");
        push_str_lit(out, &v.name);
        out.push_str(", field: ");
        push_str_lit(out, &f.ident);
        out.push_str(", type_text: ");
        push_str_lit(out, &type_texts[i]);
        out.push_str(", description: ");
        match &v.description {
            Some(d) => {
                out.push_str("::std::option::Option::Some(");
                push_str_lit(out, d);
                out.push(')');
            }
            None => out.push_str("::std::option::Option::None"),
        }
        for (label, on) in [
            (", required: ", v.default.is_none()),
            (", sensitive: ", v.sensitive),
            (", ephemeral: ", v.ephemeral),
            (", nullable: ", v.nullable),
        ] {
            out.push_str(label);
            out.push_str(if on { "true" } else { "false" });
        }
        out.push_str(", }");
    }
    out.push_str("];\n");
    for (f, v) in root_def.fields.iter().zip(vars) {
        if !null_is_meaningful(v) {
            continue;
        }
        let name = &v.name;
        push_doc_attrs(out, &format!(
            "Sends an explicit `null` for `{name}`: Terraform then uses null, not the default. Setting the field again afterwards does not undo this; build a new value instead. The builder has the same method."
        ));
        out.push_str("#[must_use]\npub fn null_");
        out.push_str(&f.ident);
        out.push_str("(mut self) -> Self {\nself.");
        out.push_str(&f.ident);
        out.push_str(" = ::std::option::Option::None;\nself.");
        out.push_str(NULLS_FIELD);
        out.push_str(".insert(");
        push_str_lit(out, name);
        out.push_str(");\nself\n}\n");
    }
    out.push_str(&ROOT_METHODS.replace("KRATE", krate));
    out.push_str("}\n");
    if has_nulls {
        render_builder_nulls(out, krate, root, &root_def.fields, vars);
    }

    // `ModuleVariables`: the spec, and the values in and out.
    let version = match options.terraform_version {
        TerraformVersion::V1_11 => "V1_11",
        TerraformVersion::Latest => "Latest",
    };
    out.push_str(&format!(
        "impl {krate}::__private::ModuleVariables for {root} {{\n\
         fn spec() -> &'static {krate}::__private::ModuleSpec {{\n\
         static SPEC: ::std::sync::OnceLock<{krate}::__private::ModuleSpec> = ::std::sync::OnceLock::new();\n\
         SPEC.get_or_init(|| {krate}::__private::spec_from_parts("
    ));
    let spec_at = out.len();
    out.push_str(&format!(
        "))\n}}\n\
         fn variable_infos() -> &'static [{krate}::__private::VariableInfo] {{\nSelf::VARIABLES\n}}\n\
         fn terraform_version() -> {krate}::__private::TerraformVersion {{\n{krate}::__private::TerraformVersion::{version}\n}}\n\
         fn to_inputs(&self) -> ::std::vec::Vec<(&'static str, {krate}::Value)> {{\n\
         let mut out = ::std::vec::Vec::new();\n"
    ));
    for (f, v) in root_def.fields.iter().zip(vars) {
        out.push_str(krate);
        out.push_str("::__private::push_input(&mut out, ");
        push_str_lit(out, &v.name);
        out.push_str(", &self.");
        out.push_str(&f.ident);
        out.push_str(", ");
        if null_is_meaningful(v) {
            out.push_str("self.");
            out.push_str(NULLS_FIELD);
            out.push_str(".contains(");
            push_str_lit(out, &v.name);
            out.push(')');
        } else {
            out.push_str("false");
        }
        out.push_str(");\n");
    }
    out.push_str(&format!(
        "out\n}}\n\
         fn from_inputs(values: &::std::collections::BTreeMap<::std::string::String, {krate}::Value>,) \
         -> ::std::result::Result<Self, (::std::string::String, {krate}::__private::TypedError)> {{\n"
    ));
    if has_nulls {
        out.push_str(&format!(
            "let mut nulls = {krate}::__private::Nulls::new();\n"
        ));
    }
    out.push_str("::std::result::Result::Ok(Self {\n");
    for (f, v) in root_def.fields.iter().zip(vars) {
        out.push_str(&f.ident);
        out.push_str(": ");
        out.push_str(krate);
        if v.default.is_none() {
            out.push_str("::__private::required_input(values, ");
            push_str_lit(out, &v.name);
        } else {
            out.push_str("::__private::optional_input(values, ");
            push_str_lit(out, &v.name);
            if null_is_meaningful(v) {
                out.push_str(", ::std::option::Option::Some(&mut nulls)");
            } else {
                out.push_str(", ::std::option::Option::None");
            }
        }
        out.push_str(")?,\n");
    }
    if has_nulls {
        out.push_str(NULLS_FIELD);
        out.push_str(": nulls,");
    }
    out.push_str("})\n}\n}\n");
    out.push_str(krate);
    out.push_str("::__private::impl_json_schema!(");
    out.push_str(root);
    out.push_str(", ");
    push_str_lit(out, root);
    out.push_str(");\n");
    Offsets { schema_at, spec_at }
}

/// The builder's `null_<field>()` setters: the builder's record of explicit nulls (a bon
/// `#[builder(field)]`) gets the name, and the member is set to `None`, so that it cannot be set
/// again on the same builder.
fn render_builder_nulls(
    out: &mut String,
    krate: &str,
    root: &str,
    fields: &[FieldDef],
    vars: &[VariableSpec],
) {
    let state = super::naming::bon_state_mod(root);
    out.push_str(&format!("impl<S: {state}::State> {root}Builder<S> {{\n"));
    for (f, v) in fields.iter().zip(vars) {
        if !null_is_meaningful(v) {
            continue;
        }
        let (name, ident, setter) = (&v.name, &f.ident, &f.setter);
        let member = super::naming::bon_state_member(setter);
        push_doc_attrs(out, &format!(
            "Sends an explicit `null` for `{name}`, which Terraform keeps instead of the default (the builder's counterpart of `{root}::null_{ident}()`): `to_tfvars_json()` writes `\"{name}\": null`."
        ));
        out.push_str(&format!(
            "pub fn null_{setter}(mut self) -> {root}Builder<{state}::Set{member}<S>>\n\
             where S::{member}: {state}::IsUnset {{\n\
             self.{NULLS_FIELD}.insert("
        ));
        push_str_lit(out, name);
        out.push_str(&format!(
            ");\nself.maybe_{setter}(::std::option::Option::None::<{}>)\n}}\n",
            super::types::setter_input_type(krate, f)
        ));
    }
    out.push_str("}\n");
}

/// What one run of variables renders: the root struct's fields, the variables' type texts, and
/// the structs of their object types.
#[derive(Default)]
struct RunText {
    fields: Vec<FieldDef>,
    type_texts: Vec<String>,
    structs: String,
}

/// Consecutive runs of variables for [`render_root`] to render at once,
/// [`crate::parallel::TASKS_PER_WORKER`] per worker, each about as heavy (one unit per variable
/// and per struct).
fn runs_of_variables(struct_names: &[Vec<String>], workers: usize) -> Vec<Range<usize>> {
    let weight = |names: &Vec<String>| 1 + names.len();
    let total: usize = struct_names.iter().map(weight).sum();
    let per_run = total
        .div_ceil(workers * crate::parallel::TASKS_PER_WORKER)
        .max(1);
    let mut runs = Vec::new();
    let mut start = 0;
    let mut load = 0;
    for (i, names) in struct_names.iter().enumerate() {
        load += weight(names);
        if load >= per_run {
            runs.push(start..i + 1);
            start = i + 1;
            load = 0;
        }
    }
    if start < struct_names.len() {
        runs.push(start..struct_names.len());
    }
    runs
}

/// Where [`render_root`] left room for the two literals that are made apart.
pub struct Offsets {
    /// The literal of `JSON_SCHEMA`.
    pub schema_at: usize,
    /// The arguments of `spec_from_parts(…)` (see [`super::spec_literals`]).
    pub spec_at: usize,
}

/// The methods of every root struct (`KRATE` stands for the facade crate's path).
const ROOT_METHODS: &str = r#"
/// Checks the values as `terraform plan` would: Terraform's conversions, null and
/// default rules, then every `validation` block. `Ok` holds the warnings and the rules
/// that could not be decided; `Err` holds every error.
pub fn validate(&self) -> ::std::result::Result<KRATE::Report, KRATE::Report> {
    KRATE::__private::validate(self)
}

/// [`Self::validate`], with the file functions (`file`, `fileexists`, `fileset`, …) and
/// `path.*` evaluated against the module folder `dir`, as `terraform -chdir=DIR plan`
/// evaluates them (`validate` leaves the rules that use them unchecked: a program may run
/// far from its module). `templatefile` needs the `inputs` feature.
pub fn validate_in(
    &self,
    dir: impl ::std::convert::AsRef<::std::path::Path>,
) -> ::std::result::Result<KRATE::Report, KRATE::Report> {
    KRATE::__private::validate_in(self, dir.as_ref())
}

/// The values as a `.tfvars.json` document: pretty, in declaration order, only what
/// was set, numbers exactly as given.
pub fn to_tfvars_json(&self) -> ::std::string::String {
    KRATE::__private::to_tfvars_json(self, ::std::option::Option::None)
}

/// [`Self::to_tfvars_json`] for the variables `keep` accepts, e.g. all but the
/// ephemeral ones: `to_tfvars_json_filtered(|v| !v.ephemeral)`.
pub fn to_tfvars_json_filtered(
    &self,
    keep: impl ::std::ops::Fn(&KRATE::VariableInfo) -> bool,
) -> ::std::string::String {
    KRATE::__private::to_tfvars_json(self, ::std::option::Option::Some(&keep))
}

/// Writes [`Self::to_tfvars_json`] atomically (temporary file in the same directory,
/// flushed, then renamed); mode `0600` when a sensitive value is set.
///
/// The error is a [`std::io::Error`] that names the path (never the content).
pub fn write_tfvars_json(
    &self,
    path: impl ::std::convert::AsRef<::std::path::Path>,
) -> ::std::result::Result<(), ::std::io::Error> {
    KRATE::__private::write_tfvars_json(self, path.as_ref(), ::std::option::Option::None)
}

/// [`Self::write_tfvars_json`] for the variables `keep` accepts; the error is a
/// [`std::io::Error`] that names the path.
pub fn write_tfvars_json_filtered(
    &self,
    path: impl ::std::convert::AsRef<::std::path::Path>,
    keep: impl ::std::ops::Fn(&KRATE::VariableInfo) -> bool,
) -> ::std::result::Result<(), ::std::io::Error> {
    KRATE::__private::write_tfvars_json(self, path.as_ref(), ::std::option::Option::Some(&keep))
}

/// The values as a `.tfvars` (HCL) document.
pub fn to_tfvars_hcl(&self) -> ::std::string::String {
    KRATE::__private::to_tfvars_hcl(self, ::std::option::Option::None)
}

/// [`Self::to_tfvars_hcl`] for the variables `keep` accepts.
pub fn to_tfvars_hcl_filtered(
    &self,
    keep: impl ::std::ops::Fn(&KRATE::VariableInfo) -> bool,
) -> ::std::string::String {
    KRATE::__private::to_tfvars_hcl(self, ::std::option::Option::Some(&keep))
}

/// The values as `TF_VAR_<name>` environment pairs, so that secrets need not touch
/// the disk.
pub fn to_env(
    &self,
) -> ::std::result::Result<
    ::std::vec::Vec<(::std::string::String, ::std::string::String)>,
    KRATE::OutputError,
> {
    KRATE::__private::to_env(self, ::std::option::Option::None)
}

/// [`Self::to_env`] for the variables `keep` accepts, e.g. only the ephemeral ones.
pub fn to_env_filtered(
    &self,
    keep: impl ::std::ops::Fn(&KRATE::VariableInfo) -> bool,
) -> ::std::result::Result<
    ::std::vec::Vec<(::std::string::String, ::std::string::String)>,
    KRATE::OutputError,
> {
    KRATE::__private::to_env(self, ::std::option::Option::Some(&keep))
}

/// Reads a `.tfvars.json` document with Terraform's strict JSON rules and
/// conversions. Values left out stay unset.
pub fn from_tfvars_json(text: &str) -> ::std::result::Result<Self, KRATE::Report> {
    KRATE::__private::from_tfvars_json(text)
}
"#;

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
