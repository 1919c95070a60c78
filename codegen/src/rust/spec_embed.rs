//! How the module spec travels into the user's binary: two string constants, decoded once.
//!
//! Serialising `ModuleSpec` with serde as it is repeats every type inside every typed value (a
//! list default carries its element type, a null carries its type), which made the spec of
//! the 250-variable benchmark module 1.9 MB. Instead:
//!
//! - the *skeleton* is the serde JSON of the spec with each variable's type and default taken
//!   out (validation rules, locals, descriptions and locations stay as they are);
//! - the *types* document is one compact JSON array per variable, `[type]` or
//!   `[type, default]`, where a type is `"string"`, `"number"`, `"bool"`, `"any"`,
//!   `["list", T]`, `["set", T]`, `["map", T]`, `["tuple", [T, …]]` or
//!   `["object", [[name, T], [name, T, 1], [name, T, 1, default], …]]` (1 marks `optional`),
//!   and a value is plain JSON with exact numbers (infinities as `"inf"`/`"-inf"`).
//!
//! The facade's decoder reads the types document with the runtime's exact JSON reader and
//! turns each default back into its typed form with the runtime's converter (the same step the
//! loader took), so the decoded spec equals the loaded one.

use serde::Serialize;
use tfvars_runtime::spec::LocalSpec;
use tfvars_runtime::{Attribute, Location, ModuleSpec, Type, ValidationSpec, Value, VariableSpec};

/// The skeleton and types documents for a spec.
pub fn encode(spec: &ModuleSpec) -> (String, String) {
    let mut types = String::from("[");
    for (i, var) in spec.variables.iter().enumerate() {
        if i > 0 {
            types.push(',');
        }
        types.push('[');
        write_type(&mut types, &var.ty);
        if let Some(d) = &var.default {
            types.push(',');
            write_value(&mut types, d);
        }
        types.push(']');
    }
    types.push(']');
    let skeleton = Skeleton {
        variables: spec.variables.iter().map(SkeletonVariable::new).collect(),
        locals: &spec.locals,
    };
    let skeleton = serde_json::to_string(&skeleton).expect("a module spec serialises");
    (skeleton, types)
}

/// `ModuleSpec` as the skeleton holds it, borrowed: serialised, it is the serde JSON of a copy
/// of the spec whose variables have type `any` and no default.
#[derive(Serialize)]
struct Skeleton<'a> {
    variables: Vec<SkeletonVariable<'a>>,
    locals: &'a [LocalSpec],
}

const ANY: &Type = &Type::Any;

/// A `VariableSpec` without its type and default, field for field.
#[derive(Serialize)]
struct SkeletonVariable<'a> {
    name: &'a str,
    ty: &'a Type,
    typed: bool,
    default: Option<&'a Value>,
    description: &'a Option<String>,
    sensitive: bool,
    nullable: bool,
    nullable_set: bool,
    ephemeral: bool,
    validations: &'a [ValidationSpec],
    location: &'a Location,
}

impl<'a> SkeletonVariable<'a> {
    fn new(v: &'a VariableSpec) -> SkeletonVariable<'a> {
        // Every field named, so that one added to `VariableSpec` cannot be left out here.
        let VariableSpec {
            name,
            ty: _,
            typed,
            default: _,
            description,
            sensitive,
            nullable,
            nullable_set,
            ephemeral,
            validations,
            location,
        } = v;
        SkeletonVariable {
            name,
            ty: ANY,
            typed: *typed,
            default: None,
            description,
            sensitive: *sensitive,
            nullable: *nullable,
            nullable_set: *nullable_set,
            ephemeral: *ephemeral,
            validations,
            location,
        }
    }
}

fn write_type(out: &mut String, ty: &Type) {
    match ty {
        Type::String => out.push_str("\"string\""),
        Type::Number => out.push_str("\"number\""),
        Type::Bool => out.push_str("\"bool\""),
        Type::Any => out.push_str("\"any\""),
        Type::List(t) | Type::Set(t) | Type::Map(t) => {
            out.push_str(match ty {
                Type::List(_) => "[\"list\",",
                Type::Set(_) => "[\"set\",",
                _ => "[\"map\",",
            });
            write_type(out, t);
            out.push(']');
        }
        Type::Tuple(ts) => {
            out.push_str("[\"tuple\",[");
            for (i, t) in ts.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_type(out, t);
            }
            out.push_str("]]");
        }
        Type::Object(attrs) => {
            out.push_str("[\"object\",[");
            for (i, a) in attrs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_attr(out, a);
            }
            out.push_str("]]");
        }
    }
}

fn write_attr(out: &mut String, a: &Attribute) {
    out.push('[');
    write_str(out, &a.name);
    out.push(',');
    write_type(out, &a.ty);
    if a.optional {
        out.push_str(",1");
        if let Some(d) = &a.default {
            out.push(',');
            write_value(out, d);
        }
    }
    out.push(']');
}

fn write_str(out: &mut String, s: &str) {
    // JSON escapes only quotes, backslashes and control characters: most strings need none.
    if s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
        out.push_str(&serde_json::to_string(s).expect("a string serialises"));
    } else {
        out.reserve(s.len() + 2);
        out.push('"');
        out.push_str(s);
        out.push('"');
    }
}

fn write_value(out: &mut String, v: &Value) {
    match v {
        Value::Null(_) | Value::Unknown(_) => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) if n.is_infinite() => out.push_str(if n.is_sign_negative() {
            "\"-inf\""
        } else {
            "\"inf\""
        }),
        Value::Number(n) => out.push_str(&n.to_terraform_string()),
        Value::String(s) => write_str(out, s),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, item);
            }
            out.push(']');
        }
        Value::Map(_, m) | Value::Object(m) => {
            out.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_str(out, k);
                out.push(':');
                write_value(out, item);
            }
            out.push('}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_skeleton_is_the_spec_without_types_and_defaults() {
        for name in ["all_types", "large"] {
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../tests/modules")
                .join(name);
            let spec = crate::load(&dir).expect("the fixture loads").spec;
            let mut bare = spec.clone();
            for v in &mut bare.variables {
                v.ty = Type::Any;
                v.default = None;
            }
            let (skeleton, _) = encode(&spec);
            assert_eq!(skeleton, serde_json::to_string(&bare).unwrap(), "{name}");
        }
    }

    #[test]
    fn strings_are_written_as_serde_json_writes_them() {
        let mut cases: Vec<String> = [
            "",
            "plain",
            "a/b",
            "quote \" here",
            "back \\ slash",
            "tab\there",
            "nl\n",
            "del \u{7f}",
            "é and 🦀",
            "\u{2028}\u{2029}",
            "nul \0",
            "\u{1f}\u{20}",
        ]
        .map(String::from)
        .to_vec();
        // Every character below 0x80, alone and among others.
        cases.extend((0u8..0x80).map(|b| format!("x{}y", b as char)));
        for s in cases {
            let mut out = String::new();
            write_str(&mut out, &s);
            assert_eq!(out, serde_json::to_string(&s).unwrap(), "{s:?}");
        }
    }
}
