//! Set functions.

use crate::types::Type;
use crate::value::Value;

use super::args::Args;
use super::{table, Builtin};
use crate::eval::conv;
use crate::eval::error::EvalError;
use crate::eval::operators::equals;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "setunion" => setunion, ["first_set"], ..."other_sets";
        "setintersection" => setintersection, ["first_set"], ..."other_sets";
        "setsubtract" => setsubtract, ["a", "b"];
        "setproduct" => setproduct, [], ..."sets";
    }
}

/// Every argument as a set of one unified element type.
fn sets(a: &Args) -> Result<(Type, Vec<Vec<Value>>), EvalError> {
    let mut all = Vec::new();
    for i in 0..a.len() {
        let items = match a.value(i) {
            Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => xs.clone(),
            _ => return Err(a.bad(i, "set of any single type required")),
        };
        all.push(items);
    }
    let flat: Vec<Value> = all.iter().flatten().cloned().collect();
    let elem = if flat.is_empty() {
        // Empty sets keep their declared element type when they agree.
        let types: Vec<Type> = a
            .values()
            .iter()
            .filter_map(|v| match v {
                Value::Set(t, _) | Value::List(t, _) => Some(t.clone()),
                _ => None,
            })
            .collect();
        conv::unify_types(&types).unwrap_or(Type::Any)
    } else {
        conv::unify_values(&flat)
            .map(|(t, _)| t)
            .ok_or_else(|| a.bad(0, "given sets must all have compatible element types"))?
    };
    let mut out = Vec::new();
    for items in all {
        let mut conv_items = Vec::with_capacity(items.len());
        for x in items {
            conv_items.push(conv::convert(&x, &elem).map_err(|e| a.bad(0, e))?);
        }
        out.push(conv_items);
    }
    Ok((elem, out))
}

fn member(set: &[Value], x: &Value) -> bool {
    set.iter().any(|y| equals(x, y) == Some(true))
}

/// `setunion(sets...)`
pub(crate) fn setunion(a: &Args) -> Result<Value, EvalError> {
    let (t, all) = sets(a)?;
    Ok(conv::make_set(t, all.into_iter().flatten().collect()))
}

/// `setintersection(sets...)`
pub(crate) fn setintersection(a: &Args) -> Result<Value, EvalError> {
    let (t, all) = sets(a)?;
    let mut iter = all.into_iter();
    let first = iter.next().unwrap_or_default();
    let rest: Vec<Vec<Value>> = iter.collect();
    let out = first
        .into_iter()
        .filter(|x| rest.iter().all(|s| member(s, x)))
        .collect();
    Ok(conv::make_set(t, out))
}

/// `setsubtract(a, b)`
pub(crate) fn setsubtract(a: &Args) -> Result<Value, EvalError> {
    let (t, all) = sets(a)?;
    let out = all[0]
        .iter()
        .filter(|x| !member(&all[1], x))
        .cloned()
        .collect();
    Ok(conv::make_set(t, out))
}

/// `setproduct(sets...)`: every combination, as a list of tuples (a set of tuples for set
/// arguments).
pub(crate) fn setproduct(a: &Args) -> Result<Value, EvalError> {
    if a.len() < 2 {
        return Err(a.fail("at least two arguments are required"));
    }
    let mut lists = Vec::new();
    let mut any_set = false;
    for i in 0..a.len() {
        any_set |= matches!(a.value(i), Value::Set(..));
        lists.push(match a.value(i) {
            Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => xs.clone(),
            _ => return Err(a.bad(i, "a set or a list is required")),
        });
    }
    let mut rows: Vec<Vec<Value>> = vec![Vec::new()];
    for list in &lists {
        let mut next = Vec::new();
        for row in &rows {
            for x in list {
                let mut r = row.clone();
                r.push(x.clone());
                next.push(r);
            }
        }
        rows = next;
    }
    // Each combination is a tuple; the result is a set when any argument is a set.
    let elem_types: Vec<Type> = lists
        .iter()
        .map(|l| conv::unify_values(l).map(|(t, _)| t).unwrap_or(Type::Any))
        .collect();
    let items: Vec<Value> = rows.into_iter().map(Value::Tuple).collect();
    let row_ty = Type::Tuple(elem_types);
    Ok(if any_set {
        conv::make_set(row_ty, items)
    } else {
        Value::List(row_ty, items)
    })
}
