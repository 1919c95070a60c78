//! Conversions the evaluator needs: operands to the types operators take, function arguments
//! to parameter types, and the unification of several values to one type (for `?:` branches,
//! `coalesce`, `tolist` of a tuple, …).

use crate::types::{Attribute, Type};
use crate::value::Value;

use super::error::EvalError;

/// Why a conversion failed, worded as cty words it (`a number is required`); the caller
/// wraps it into the diagnostic of its construct.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ConvError(pub String);

impl std::fmt::Display for ConvError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Converts a value to a type with Terraform's rules (`crate::convert`).
pub(crate) fn convert(v: &Value, ty: &Type) -> Result<Value, ConvError> {
    crate::convert::convert(v, ty).map_err(|e| ConvError(e.message().to_string()))
}

/// `list of string`, `map of number`, … as in cty's messages.
pub(crate) fn describe(ty: &Type) -> String {
    match ty {
        Type::Any => "dynamic".into(),
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::List(t) => format!("list of {}", describe(t)),
        Type::Set(t) => format!("set of {}", describe(t)),
        Type::Map(t) => format!("map of {}", describe(t)),
        Type::Tuple(_) => "tuple".into(),
        Type::Object(_) => "object".into(),
    }
}

/// Builds a set: deduplicated and sorted in Terraform's set order.
pub(crate) fn make_set(elem: Type, items: Vec<Value>) -> Value {
    Value::set(elem, items)
}

/// The one type all `types` convert to, as go-cty's `convert.Unify` finds it (`any` for none).
pub(crate) fn unify_types(types: &[Type]) -> Option<Type> {
    if types.is_empty() {
        return Some(Type::Any);
    }
    crate::convert::unify(types)
}

/// Unifies the values' types and converts each value to the unified type.
pub(crate) fn unify_values(values: &[Value]) -> Option<(Type, Vec<Value>)> {
    let types: Vec<Type> = values
        .iter()
        .filter(|v| !matches!(v, Value::Null(Type::Any) | Value::Unknown(Type::Any)))
        .map(Value::ty)
        .collect();
    let ty = unify_types(&types)?;
    let converted = values
        .iter()
        .map(|v| convert(v, &ty))
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    Some((ty, converted))
}

/// An object key: strings as they are, numbers and bools as their string form; `None` when
/// the key is unknown.
pub(crate) fn object_key(key: &Value) -> Result<Option<String>, EvalError> {
    match key {
        Value::Unknown(_) => Ok(None),
        Value::Null(_) => Err(EvalError::new(
            "Null value as key",
            "Can't use a null value as a key.",
        )),
        other => match convert(other, &Type::String) {
            Ok(Value::String(s)) => Ok(Some(s)),
            _ => Err(EvalError::new(
                "Incorrect key type",
                "Can't use this value as a key: string required.",
            )),
        },
    }
}

/// Converts to a string for a function that needs one.
pub(crate) fn to_string(v: &Value) -> Result<String, ConvError> {
    match convert(v, &Type::String)? {
        Value::String(s) => Ok(s),
        _ => Err(ConvError("string required".into())),
    }
}

/// The value's type as `type()` and error messages show it.
pub(crate) fn type_string(ty: &Type) -> String {
    match ty {
        Type::Any => "dynamic".into(),
        Type::String => "string".into(),
        Type::Number => "number".into(),
        Type::Bool => "bool".into(),
        Type::List(t) => format!("list({})", type_string(t)),
        Type::Set(t) => format!("set({})", type_string(t)),
        Type::Map(t) => format!("map({})", type_string(t)),
        Type::Tuple(ts) => format!(
            "tuple([{}])",
            ts.iter().map(type_string).collect::<Vec<_>>().join(", ")
        ),
        Type::Object(attrs) => {
            let mut attrs: Vec<&Attribute> = attrs.iter().collect();
            attrs.sort_by(|a, b| a.name.cmp(&b.name));
            format!(
                "object({{{}}})",
                attrs
                    .iter()
                    .map(|a| format!("{}: {}", a.name, type_string(&a.ty)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
    }
}

/// A friendly name of the value's type for messages (`string`, `list of number`, `object`).
pub(crate) fn friendly(ty: &Type) -> String {
    describe(ty)
}
