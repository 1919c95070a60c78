//! `--export-variables`: the module's variables as JSON, in terraschema's export format,
//! extended with `ephemeral` and every validation block.
//!
//! ```text
//! { NAME: { "default": VALUE | null, "description"?, "ephemeral"?, "nullable"?, "sensitive"?,
//!           "validation"?: [{"condition": SOURCE, "error_message": TEXT}, …], "type": TYPE }, … }
//! ```
//! Names are sorted; the keys of each entry keep this order. `description` is present when
//! written; `nullable` when written explicitly; `sensitive` and `ephemeral` when true;
//! `validation` when there is at least one block (all of them, in order). `default` is the
//! value Terraform uses, as in the schema. `condition` is the source text; `error_message` is the
//! message when it is a plain string, else its source text. `type` is go-cty's type-constraint
//! JSON: `"string"`, `"number"`, `"bool"`, `"dynamic"` for `any`, `["list", T]`, `["set", T]`,
//! `["map", T]`, `["tuple", [T…]]`, `["object", {name: T…}]` plus a third element listing the
//! optional attributes; an untyped variable reads `"any"`.

use tfvars_runtime::expr::TemplatePart;
use tfvars_runtime::{Expr, Type, Value, VariableSpec};

use crate::json_text::{self, Json, Map, WriteOptions};
use crate::model::Module;
use crate::schema::{empty_module, go_quote, types, Rendered, SchemaError};

/// Settings of the export.
#[derive(Clone, Debug, Default)]
pub struct ExportOptions {
    escape_json: bool,
    allow_empty: bool,
    ignore_variables: Vec<String>,
}

impl ExportOptions {
    /// Default settings.
    pub fn new() -> ExportOptions {
        ExportOptions::default()
    }

    /// Escape `<`, `>` and `&` (`--escape-json`).
    pub fn escape_json(&mut self, on: bool) -> &mut Self {
        self.escape_json = on;
        self
    }

    /// `{}` and a warning for a module without variables (`--allow-empty`).
    pub fn allow_empty(&mut self, on: bool) -> &mut Self {
        self.allow_empty = on;
        self
    }

    /// Leave a variable out (`--ignore-variable`).
    pub fn ignore_variable(&mut self, name: impl Into<String>) -> &mut Self {
        self.ignore_variables.push(name.into());
        self
    }
}

/// Renders the variables export.
pub fn render(module: &Module, options: &ExportOptions) -> Result<Rendered, SchemaError> {
    let write = WriteOptions {
        escape_html: options.escape_json,
    };
    if let Some(empty) = empty_module(module, options.allow_empty, "variables", write)? {
        return Ok(empty);
    }
    let mut warnings = Vec::new();
    let mut out = Map::new();
    for v in module.variables() {
        if options.ignore_variables.contains(&v.name) {
            continue;
        }
        out.insert(v.name.clone(), entry(v, &mut warnings));
    }
    Ok(Rendered {
        text: json_text::to_string(&Json::Object(out), write),
        warnings,
        debug: Vec::new(),
        inexact: Vec::new(),
        checked_where_left_out: Vec::new(),
    })
}

fn entry(v: &VariableSpec, warnings: &mut Vec<String>) -> Json {
    let mut fields: Vec<(String, Json)> = Vec::new();
    let default = match &v.default {
        None => Json::Null,
        Some(d) => types::default_json(d, &v.ty).unwrap_or_else(|| {
            warnings.push(format!(
                "the default of {} cannot be written as JSON (an infinite number), leaving it out",
                go_quote(&v.name)
            ));
            Json::Null
        }),
    };
    fields.push(("default".into(), default));
    if let Some(d) = &v.description {
        fields.push(("description".into(), Json::str(d.clone())));
    }
    if v.ephemeral {
        fields.push(("ephemeral".into(), Json::Bool(true)));
    }
    if v.nullable_set {
        fields.push(("nullable".into(), Json::Bool(v.nullable)));
    }
    if v.sensitive {
        fields.push(("sensitive".into(), Json::Bool(true)));
    }
    if !v.validations.is_empty() {
        let blocks = v
            .validations
            .iter()
            .map(|r| {
                Json::Struct(vec![
                    ("condition".into(), Json::str(r.condition_source.clone())),
                    (
                        "error_message".into(),
                        Json::str(
                            constant_string(&r.error_message)
                                .unwrap_or_else(|| r.error_message_source.clone()),
                        ),
                    ),
                ])
            })
            .collect();
        fields.push(("validation".into(), Json::Array(blocks)));
    }
    let ty = if v.typed {
        type_constraint(&v.ty)
    } else {
        Json::str("any")
    };
    fields.push(("type".into(), ty));
    Json::Struct(fields)
}

fn constant_string(e: &Expr) -> Option<String> {
    match e.peel() {
        Expr::Literal(Value::String(s)) => Some(s.clone()),
        Expr::Template(parts) => parts
            .iter()
            .map(|p| match p {
                TemplatePart::Literal(s) => Some(s.as_str()),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()
            .map(|v| v.concat()),
        _ => None,
    }
}

/// go-cty's JSON form of a type constraint.
pub fn type_constraint(ty: &Type) -> Json {
    match ty {
        Type::Any => Json::str("dynamic"),
        Type::String => Json::str("string"),
        Type::Number => Json::str("number"),
        Type::Bool => Json::str("bool"),
        Type::List(t) => Json::Array(vec![Json::str("list"), type_constraint(t)]),
        Type::Set(t) => Json::Array(vec![Json::str("set"), type_constraint(t)]),
        Type::Map(t) => Json::Array(vec![Json::str("map"), type_constraint(t)]),
        Type::Tuple(ts) => Json::Array(vec![
            Json::str("tuple"),
            Json::Array(ts.iter().map(type_constraint).collect()),
        ]),
        Type::Object(attrs) => {
            let props = attrs
                .iter()
                .map(|a| (a.name.to_string(), type_constraint(&a.ty)))
                .collect();
            let mut optional: Vec<&str> = attrs
                .iter()
                .filter(|a| a.optional)
                .map(|a| &*a.name)
                .collect();
            optional.sort_unstable();
            let mut v = vec![Json::str("object"), Json::Object(props)];
            if !optional.is_empty() {
                v.push(Json::Array(optional.into_iter().map(Json::str).collect()));
            }
            Json::Array(v)
        }
    }
}
