//! What generated code uses. Not a public API: names here change without notice.
//!
//! Generated code names every runtime item through this module, so a crate using
//! `terraform_vars!` depends on `tfvars` alone (and a renamed `tfvars` works with the macro's
//! `crate = …` option).

use std::collections::BTreeMap;
use std::path::Path as FsPath;

pub use bon;
#[cfg(feature = "schemars")]
pub use schemars;
pub use serde;
pub use serde_json;

pub use tfvars_runtime::output::OutputError;
pub use tfvars_runtime::typed::{
    attr, object_attributes, optional_input, push_attr, push_input, required_input, FromValue,
    IntoNumber, ModuleVariables, Nulls, Path, ToValue, TypedError, VariableInfo,
};
pub use tfvars_runtime::{ModuleSpec, TerraformVersion};

use tfvars_runtime::{Attribute, Diagnostic, Report, Severity, Type, Value, VariableSpec};

pub use crate::__tfvars_impl_json_schema as impl_json_schema;

/// The deepest skeleton read with serde_json's own limit, on the caller's stack.
const SKELETON_DEPTH: usize = 128;

/// The stack of the thread that reads a deeper skeleton: a condition's expression nests up to
/// 200 levels (the loader's limit), each a few levels of JSON, and serde_json recurses once per
/// level. The stack is reserved, not used, beyond what the reading needs.
const DEEP_SKELETON_STACK: usize = 256 << 20;

/// The serde part of the embedded spec. A long `||` chain nests its expression past serde_json's
/// 128 levels (aws-ia's globalnetwork module writes 80 `contains(…) ||` in one condition): such
/// a skeleton is read without the limit, on a thread of its own with a stack large enough.
fn read_skeleton(skeleton: &str, bad: &str) -> ModuleSpec {
    if json_depth(skeleton) <= SKELETON_DEPTH {
        return serde_json::from_str(skeleton).expect(bad);
    }
    let read = || {
        let mut de = serde_json::Deserializer::from_str(skeleton);
        de.disable_recursion_limit();
        let spec = <ModuleSpec as serde::Deserialize>::deserialize(&mut de).expect(bad);
        de.end().expect(bad);
        spec
    };
    std::thread::scope(|scope| {
        match std::thread::Builder::new()
            .name("tfvars-spec".into())
            .stack_size(DEEP_SKELETON_STACK)
            .spawn_scoped(scope, read)
        {
            Ok(reader) => reader
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            // No thread to be had: the caller's stack, as deep as it goes.
            Err(_) => read(),
        }
    })
}

/// How deeply the arrays and objects of a JSON text nest (brackets inside strings skipped).
fn json_depth(text: &str) -> usize {
    let (mut depth, mut deepest, mut in_string, mut escaped) = (0usize, 0, false, false);
    for b in text.bytes() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// Reads the module spec embedded by the macro: the serde skeleton, and the compact types and
/// defaults document (see the codegen crate's `rust::spec_embed`).
pub fn spec_from_parts(skeleton: &str, types: &str) -> ModuleSpec {
    const BAD: &str = "the module spec embedded by `terraform_vars!` is valid";
    let mut spec = read_skeleton(skeleton, BAD);
    let doc = tfvars_runtime::json::parse_json_value(types, "<spec>").expect(BAD);
    let Value::Tuple(entries) = doc else {
        panic!("{BAD}")
    };
    for (var, entry) in spec.variables.iter_mut().zip(entries) {
        let Value::Tuple(parts) = entry else {
            panic!("{BAD}")
        };
        var.ty = decode_type(&parts[0]);
        var.default = parts.get(1).map(|d| restore(d, &var.ty));
    }
    spec
}

fn decode_type(v: &Value) -> Type {
    const BAD: &str = "a valid embedded type";
    match v {
        Value::String(s) => match s.as_str() {
            "string" => Type::String,
            "number" => Type::Number,
            "bool" => Type::Bool,
            _ => Type::Any,
        },
        Value::Tuple(items) => {
            let kind = match &items[0] {
                Value::String(k) => k.as_str(),
                _ => panic!("{BAD}"),
            };
            match kind {
                "list" => Type::list(decode_type(&items[1])),
                "set" => Type::set(decode_type(&items[1])),
                "map" => Type::map(decode_type(&items[1])),
                "tuple" => match &items[1] {
                    Value::Tuple(ts) => Type::Tuple(ts.iter().map(decode_type).collect()),
                    _ => panic!("{BAD}"),
                },
                _ => match &items[1] {
                    Value::Tuple(attrs) => Type::Object(attrs.iter().map(decode_attr).collect()),
                    _ => panic!("{BAD}"),
                },
            }
        }
        _ => panic!("{BAD}"),
    }
}

fn decode_attr(v: &Value) -> Attribute {
    let Value::Tuple(parts) = v else {
        panic!("a valid embedded attribute")
    };
    let Value::String(name) = &parts[0] else {
        panic!("a valid embedded attribute")
    };
    let ty = decode_type(&parts[1]);
    let default = parts.get(3).map(|d| restore(d, &ty));
    Attribute {
        name: name.as_str().into(),
        optional: parts.len() > 2,
        default,
        ty,
    }
}

/// The typed form of a default, as the loader made it: converted to the declared type.
fn restore(plain: &Value, ty: &Type) -> Value {
    if plain.is_null() {
        Value::Null(ty.clone())
    } else {
        tfvars_runtime::convert(plain, ty).unwrap_or_else(|_| plain.clone())
    }
}

fn spec_of<'a>(spec: &'a ModuleSpec, name: &str) -> Option<&'a VariableSpec> {
    spec.variables.iter().find(|v| v.name == name)
}

/// The inputs of the variables `keep` accepts.
fn kept<V: ModuleVariables>(
    vars: &V,
    keep: &dyn Fn(&VariableInfo) -> bool,
) -> Vec<(&'static str, Value)> {
    let infos = V::variable_infos();
    vars.to_inputs()
        .into_iter()
        .filter(|(name, _)| infos.iter().find(|i| i.name == *name).is_none_or(keep))
        .collect()
}

fn all(_: &VariableInfo) -> bool {
    true
}

/// `Variables::to_tfvars_json()` and `…_filtered()`.
pub fn to_tfvars_json<V: ModuleVariables>(
    vars: &V,
    keep: Option<&dyn Fn(&VariableInfo) -> bool>,
) -> String {
    let inputs = kept(vars, keep.unwrap_or(&all));
    tfvars_runtime::output::to_tfvars_json(inputs.iter().map(|(n, v)| (*n, v)))
}

/// `Variables::to_tfvars_hcl()` and `…_filtered()`.
pub fn to_tfvars_hcl<V: ModuleVariables>(
    vars: &V,
    keep: Option<&dyn Fn(&VariableInfo) -> bool>,
) -> String {
    let inputs = kept(vars, keep.unwrap_or(&all));
    tfvars_runtime::output::to_tfvars_hcl(inputs.iter().map(|(n, v)| (*n, v)))
}

/// `Variables::write_tfvars_json()` and `…_filtered()`: mode 0600 when a sensitive variable
/// holds a value.
pub fn write_tfvars_json<V: ModuleVariables>(
    vars: &V,
    path: &FsPath,
    keep: Option<&dyn Fn(&VariableInfo) -> bool>,
) -> std::io::Result<()> {
    let inputs = kept(vars, keep.unwrap_or(&all));
    let spec = V::spec();
    let private = inputs
        .iter()
        .any(|(name, value)| !value.is_null() && spec_of(spec, name).is_some_and(|v| v.sensitive));
    let text = tfvars_runtime::output::to_tfvars_json(inputs.iter().map(|(n, v)| (*n, v)));
    tfvars_runtime::output::write_atomic(path, text.as_bytes(), private)
}

/// `Variables::to_env()` and `…_filtered()`.
pub fn to_env<V: ModuleVariables>(
    vars: &V,
    keep: Option<&dyn Fn(&VariableInfo) -> bool>,
) -> Result<Vec<(String, String)>, OutputError> {
    let spec = V::spec();
    kept(vars, keep.unwrap_or(&all))
        .iter()
        .map(|(name, value)| {
            let var = spec_of(spec, name).expect("every field is a declared variable");
            tfvars_runtime::output::to_env_pair(var, value)
        })
        .collect()
}

fn typed_error(variable: String, err: TypedError) -> Report {
    Report {
        diagnostics: vec![Diagnostic {
            severity: Severity::Error,
            summary: "Value not representable by the typed struct".into(),
            detail: err.message,
            variable: Some(variable),
            path: err.path.as_str().to_string(),
            location: None,
        }],
    }
}

/// `Variables::validate()`.
pub fn validate<V: ModuleVariables>(vars: &V) -> Result<Report, Report> {
    let inputs = vars.to_inputs();
    crate::pipeline::check(V::spec(), inputs, V::terraform_version(), None)
}

/// `Variables::validate_in(dir)`.
pub fn validate_in<V: ModuleVariables>(vars: &V, dir: &FsPath) -> Result<Report, Report> {
    let inputs = vars.to_inputs();
    #[cfg(feature = "inputs")]
    let files = tfvars_runtime::FileAccess {
        template_parser: Some(tfvars_codegen::lower::template_file),
        ..tfvars_runtime::FileAccess::new(dir)
    };
    #[cfg(not(feature = "inputs"))]
    let files = tfvars_runtime::FileAccess::new(dir);
    crate::pipeline::check(V::spec(), inputs, V::terraform_version(), Some(files))
}

/// `Variables::from_tfvars_json()`.
pub fn from_tfvars_json<V: ModuleVariables>(text: &str) -> Result<V, Report> {
    let values: BTreeMap<String, Value> = crate::pipeline::read_and_convert(V::spec(), text)?;
    V::from_inputs(&values).map_err(|(name, err)| typed_error(name, err))
}

/// `impl schemars::JsonSchema` for a generated root type, returning the module's schema (or
/// nothing without the `schemars` feature).
#[cfg(feature = "schemars")]
#[doc(hidden)]
#[macro_export]
macro_rules! __tfvars_impl_json_schema {
    ($ty:ident, $name:expr) => {
        impl $crate::__private::schemars::JsonSchema for $ty {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed($name)
            }
            fn json_schema(
                _: &mut $crate::__private::schemars::SchemaGenerator,
            ) -> $crate::__private::schemars::Schema {
                $crate::__private::json_schema($ty::JSON_SCHEMA)
            }
        }
    };
}

/// Without the `schemars` feature: nothing.
#[cfg(not(feature = "schemars"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __tfvars_impl_json_schema {
    ($ty:ident, $name:expr) => {};
}

/// Parses a generated schema for `schemars`.
#[cfg(feature = "schemars")]
pub fn json_schema(text: &str) -> schemars::Schema {
    let value: serde_json::Value =
        serde_json::from_str(text).unwrap_or(serde_json::Value::Bool(true));
    schemars::Schema::try_from(value).unwrap_or_else(|_| schemars::Schema::from(true))
}
