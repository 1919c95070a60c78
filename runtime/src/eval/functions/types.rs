//! Type conversion functions (`tostring`, `tolist`, …) and the sensitivity and
//! ephemerality functions (the runtime tracks no marks, so these return their argument).
//! `type()` exists only in `terraform console`: in a module it is an unknown function.

use crate::types::Type;
use crate::value::Value;

use super::args::Args;
use super::{table, Builtin, NULL_OK, UNKNOWN_OK};
use crate::eval::conv;
use crate::eval::error::EvalError;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "tostring" => tostring, ["v"], flags: NULL_OK;
        "tonumber" => tonumber, ["v"], flags: NULL_OK;
        "tobool" => tobool, ["v"], flags: NULL_OK;
        "tolist" => tolist, ["v"], flags: NULL_OK;
        "toset" => toset, ["v"], flags: NULL_OK;
        "tomap" => tomap, ["v"], flags: NULL_OK;
        "sensitive" => identity, ["value"], flags: NULL_OK | UNKNOWN_OK;
        "nonsensitive" => identity, ["value"], flags: NULL_OK | UNKNOWN_OK;
        "ephemeralasnull" => identity, ["value"], flags: NULL_OK | UNKNOWN_OK;
    }
}

fn to(a: &Args, ty: Type) -> Result<Value, EvalError> {
    let v = a.value(0);
    conv::convert(v, &ty).map_err(|_| {
        let what = match v {
            Value::String(s) if ty.is_primitive() => format!("{s:?}"),
            other => conv::describe(&other.ty()),
        };
        let target = match &ty {
            Type::List(_) | Type::Set(_) | Type::Map(_) => {
                format!(
                    "{} of any single type",
                    conv::describe(&ty).split(' ').next().unwrap_or("")
                )
            }
            _ => conv::describe(&ty),
        };
        let hint = match (&ty, v) {
            (Type::Number, Value::String(_)) => {
                "; given string must be a decimal representation of a number"
            }
            (Type::Bool, Value::String(_)) => {
                "; only the strings \"true\" or \"false\" are allowed"
            }
            _ => "",
        };
        a.bad(0, format!("cannot convert {what} to {target}{hint}"))
    })
}

/// `tostring(v)`
pub(crate) fn tostring(a: &Args) -> Result<Value, EvalError> {
    to(a, Type::String)
}

/// `tonumber(v)`
pub(crate) fn tonumber(a: &Args) -> Result<Value, EvalError> {
    to(a, Type::Number)
}

/// `tobool(v)`
pub(crate) fn tobool(a: &Args) -> Result<Value, EvalError> {
    to(a, Type::Bool)
}

/// `tolist(v)`
pub(crate) fn tolist(a: &Args) -> Result<Value, EvalError> {
    to(a, Type::list(Type::Any))
}

/// `toset(v)`
pub(crate) fn toset(a: &Args) -> Result<Value, EvalError> {
    to(a, Type::set(Type::Any))
}

/// `tomap(v)`
pub(crate) fn tomap(a: &Args) -> Result<Value, EvalError> {
    to(a, Type::map(Type::Any))
}

/// `sensitive`, `nonsensitive`, `ephemeralasnull`: the value itself.
pub(crate) fn identity(a: &Args) -> Result<Value, EvalError> {
    Ok(a.value(0).clone())
}
