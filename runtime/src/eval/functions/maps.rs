//! Map and object functions: `keys`, `values`, `lookup`, `merge`, `zipmap`, `transpose`.

use std::collections::BTreeMap;

use crate::types::Type;
use crate::value::Value;
use crate::value_map::ValueMap;

use super::args::{Args, Strings};
use super::{table, Builtin, NULL_OK, UNKNOWN_OK};
use crate::eval::conv;
use crate::eval::error::EvalError;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "keys" => keys, ["inputMap"], flags: UNKNOWN_OK;
        "values" => values, ["mapping"];
        "lookup" => lookup, ["inputMap", "key"], ..."default", flags: NULL_OK;
        "merge" => merge, [], ..."maps", flags: NULL_OK;
        "zipmap" => zipmap, ["keys", "values"];
        "transpose" => transpose, ["values"];
    }
}

fn seq_kind(v: &Value) -> Option<(bool, &Vec<Value>)> {
    match v {
        Value::List(_, xs) | Value::Set(_, xs) => Some((true, xs)),
        Value::Tuple(xs) => Some((false, xs)),
        _ => None,
    }
}

/// `keys(map)`: the keys in lexical order.
pub(crate) fn keys(a: &Args) -> Result<Value, EvalError> {
    match a.value(0) {
        Value::Unknown(_) => Ok(Value::Unknown(Type::Any)),
        Value::Map(_, m) => Ok(Value::List(
            Type::String,
            m.keys().map(|k| Value::String(k.clone())).collect(),
        )),
        Value::Object(m) => Ok(Value::Tuple(
            m.keys().map(|k| Value::String(k.clone())).collect(),
        )),
        _ => Err(a.bad(0, "must have map or object type")),
    }
}

/// `values(map)`: the values in key order.
pub(crate) fn values(a: &Args) -> Result<Value, EvalError> {
    match a.value(0) {
        Value::Map(t, m) => Ok(Value::List(t.clone(), m.values().cloned().collect())),
        Value::Object(m) => Ok(Value::Tuple(m.values().cloned().collect())),
        _ => Err(a.fail("values() requires a map as the first argument")),
    }
}

/// `lookup(map, key, default)`: the element, or the default when the key is absent.
pub(crate) fn lookup(a: &Args) -> Result<Value, EvalError> {
    if a.len() > 3 {
        return Err(EvalError::new(
            "Too many function arguments",
            "Function \"lookup\" expects only 3 argument(s).",
        ));
    }
    for i in 0..2 {
        if a.value(i).is_null() {
            return Err(a.bad(i, "argument must not be null"));
        }
    }
    if a.values().iter().any(Value::is_unknown) {
        return Ok(Value::Unknown(Type::Any));
    }
    let key = a.get::<String>(1)?;
    let (is_object, m) = match a.value(0) {
        Value::Map(_, m) => (false, m),
        Value::Object(m) => (true, m),
        _ => return Err(a.bad(0, "lookup() requires a map as the first argument")),
    };
    if let Some(v) = m.get(&key) {
        if a.len() == 3 && !is_object {
            let (ty, vals) =
                conv::unify_values(&[v.clone(), a.value(2).clone()]).ok_or_else(|| {
                    a.bad(
                        2,
                        "the default value must have the same type as the map elements",
                    )
                })?;
            let _ = ty;
            return Ok(vals[0].clone());
        }
        return Ok(v.clone());
    }
    if a.len() == 3 {
        if let Value::Map(t, _) = a.value(0) {
            return conv::convert(a.value(2), t).map_err(|e| a.bad(2, e));
        }
        return Ok(a.value(2).clone());
    }
    if is_object {
        return Err(a.bad(0, format!("the given object has no attribute {key:?}")));
    }
    Err(a.fail(format!("lookup failed to find key {key:?}")))
}

/// `merge(maps...)`: later keys win; null arguments are skipped.
pub(crate) fn merge(a: &Args) -> Result<Value, EvalError> {
    let mut out = ValueMap::new();
    let mut all_maps = true;
    let mut elem: Option<Type> = None;
    for v in a.values() {
        match v {
            Value::Null(_) => continue,
            Value::Unknown(_) => return Ok(Value::Unknown(Type::Any)),
            Value::Map(t, m) => {
                if elem.as_ref().is_some_and(|e| !e.same_as(t)) {
                    all_maps = false;
                }
                elem.get_or_insert(t.clone());
                out.extend(m.iter().map(|(k, v)| (k.clone(), v.clone())));
            }
            Value::Object(m) => {
                all_maps = false;
                out.extend(m.iter().map(|(k, v)| (k.clone(), v.clone())));
            }
            _ => {
                return Err(a.fail(format!(
                    "arguments must be maps or objects, got {:?}",
                    crate::eval::conv::friendly(&v.ty())
                )))
            }
        }
    }
    if all_maps && elem.is_some() {
        return Ok(Value::Map(elem.unwrap_or(Type::Any), out));
    }
    Ok(Value::Object(out))
}

/// `zipmap(keys, values)`
pub(crate) fn zipmap(a: &Args) -> Result<Value, EvalError> {
    let Strings(ks) = a.get(0)?;
    let v = a.value(1);
    let Some((is_list, vs)) = seq_kind(v) else {
        return Err(a.fail("values argument must be a list or tuple value"));
    };
    if ks.len() != vs.len() {
        return Err(a.fail(format!(
            "number of keys ({}) does not match number of values ({})",
            ks.len(),
            vs.len()
        )));
    }
    let m: ValueMap = ks.into_iter().zip(vs.iter().cloned()).collect();
    Ok(match (is_list, v) {
        (true, Value::List(t, _) | Value::Set(t, _)) => Value::Map(t.clone(), m),
        _ => Value::Object(m),
    })
}

/// `transpose(map(list(string)))`
pub(crate) fn transpose(a: &Args) -> Result<Value, EvalError> {
    let ty = Type::map(Type::list(Type::String));
    let Value::Map(_, m) = a.convert(0, &ty)? else {
        return Err(a.bad(0, "map of list of string required"));
    };
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (k, v) in &m {
        let Strings(vs) = Strings::from_arg_value(v).map_err(|e| a.bad(0, e))?;
        for x in vs {
            out.entry(x).or_default().push(k.clone());
        }
    }
    Ok(Value::Map(
        Type::list(Type::String),
        out.into_iter()
            .map(|(k, vs)| {
                (
                    k,
                    Value::List(Type::String, vs.into_iter().map(Value::String).collect()),
                )
            })
            .collect(),
    ))
}

impl Strings {
    fn from_arg_value(v: &Value) -> Result<Strings, String> {
        <Strings as super::args::FromArg>::from_arg(v)
    }
}
