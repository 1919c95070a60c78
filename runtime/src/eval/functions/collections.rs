//! Collection functions over lists, sets and tuples (map functions are in `maps.rs`).

use unicode_segmentation::UnicodeSegmentation;

use crate::types::Type;
use crate::value::Value;

use super::args::{Args, Seq, Strings};
use super::{table, Builtin, NULL_OK, UNKNOWN_OK};
use crate::eval::conv;
use crate::eval::error::EvalError;
use crate::eval::operators::{equals, num};

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "length" => length, ["value"], flags: UNKNOWN_OK;
        "coalesce" => coalesce, [], ..."vals", flags: NULL_OK | UNKNOWN_OK;
        "coalescelist" => coalescelist, [], ..."vals", flags: NULL_OK;
        "flatten" => flatten, ["list"];
        "contains" => contains, ["list", "value"];
        "alltrue" => alltrue, ["list"], flags: NULL_OK;
        "anytrue" => anytrue, ["list"], flags: NULL_OK;
        "concat" => concat, [], ..."seqs";
        "compact" => compact, ["list"];
        "element" => element, ["list", "index"];
        "index" => index, ["list", "value"];
        "one" => one, ["list"];
        "reverse" => reverse, ["list"];
        "slice" => slice, ["list", "start_index", "end_index"];
        "sort" => sort, ["list"];
        "chunklist" => chunklist, ["list", "size"];
        "distinct" => distinct, ["list"];
        "matchkeys" => matchkeys, ["values", "keys", "searchset"];
        "range" => range, [], ..."params";
    }
}

fn list_of(items: Vec<Value>) -> Value {
    match conv::unify_values(&items) {
        Some((ty, vals)) => Value::List(ty, vals),
        None => Value::Tuple(items),
    }
}

fn seq_kind(v: &Value) -> Option<(bool, &Vec<Value>)> {
    match v {
        Value::List(_, xs) | Value::Set(_, xs) => Some((true, xs)),
        Value::Tuple(xs) => Some((false, xs)),
        _ => None,
    }
}

/// `length(value)`: grapheme clusters of a string, elements of a collection.
pub(crate) fn length(a: &Args) -> Result<Value, EvalError> {
    match a.value(0) {
        Value::Unknown(_) => Ok(Value::Unknown(Type::Number)),
        Value::Set(_, xs) if xs.iter().any(Value::has_unknown) => Ok(Value::Unknown(Type::Number)),
        Value::String(s) => Ok(num(s.graphemes(true).count())),
        Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => Ok(num(xs.len())),
        Value::Map(_, m) | Value::Object(m) => Ok(num(m.len())),
        _ => Err(a.fail("argument must be a string, a collection type, or a structural type")),
    }
}

/// `coalesce(vals...)`: the first argument that is neither null nor `""`, all converted to
/// one type.
pub(crate) fn coalesce(a: &Args) -> Result<Value, EvalError> {
    let (ty, vals) = conv::unify_values(a.values())
        .ok_or_else(|| a.fail("all arguments must have the same type"))?;
    for v in vals {
        match &v {
            Value::Unknown(_) => return Ok(Value::Unknown(ty)),
            Value::Null(_) => continue,
            Value::String(s) if s.is_empty() => continue,
            _ => return Ok(v),
        }
    }
    Err(a.fail("no non-null, non-empty-string arguments"))
}

/// `coalescelist(lists...)`: the first non-empty list.
pub(crate) fn coalescelist(a: &Args) -> Result<Value, EvalError> {
    if a.len() == 0 {
        return Err(a.fail("at least one argument is required"));
    }
    for v in a.values() {
        match v {
            Value::Null(_) => continue,
            Value::Unknown(_) => return Ok(Value::Unknown(Type::Any)),
            Value::List(_, xs) | Value::Tuple(xs) => {
                if !xs.is_empty() {
                    return Ok(v.clone());
                }
            }
            _ => return Err(a.fail("coalescelist arguments must be lists or tuples")),
        }
    }
    Err(a.fail("no non-null arguments"))
}

fn flatten_into(v: &Value, out: &mut Vec<Value>) -> bool {
    match v {
        Value::Unknown(_) => false,
        Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => xs.iter().all(|x| match x {
            Value::List(..) | Value::Set(..) | Value::Tuple(..) | Value::Unknown(_) => {
                flatten_into(x, out)
            }
            other => {
                out.push(other.clone());
                true
            }
        }),
        other => {
            out.push(other.clone());
            true
        }
    }
}

/// `flatten(list)`: nested lists, sets and tuples into one tuple.
pub(crate) fn flatten(a: &Args) -> Result<Value, EvalError> {
    let v = a.value(0);
    if seq_kind(v).is_none() {
        return Err(a.fail("can only flatten lists, sets and tuples"));
    }
    let mut out = Vec::new();
    if !flatten_into(v, &mut out) {
        return Ok(Value::Unknown(Type::Any));
    }
    Ok(Value::Tuple(out))
}

/// `contains(list, value)`: type-strict membership.
pub(crate) fn contains(a: &Args) -> Result<Value, EvalError> {
    let (Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items)) = a.value(0) else {
        return Err(a.fail("argument must be list, tuple, or set"));
    };
    let needle = a.value(1);
    let mut unknown = false;
    for x in items {
        match equals(x, needle) {
            Some(true) => return Ok(Value::Bool(true)),
            None => unknown = true,
            Some(false) => {}
        }
    }
    if unknown {
        return Ok(Value::Unknown(Type::Bool));
    }
    Ok(Value::Bool(false))
}

fn bools(a: &Args) -> Result<Vec<Option<bool>>, EvalError> {
    if a.value(0).is_null() {
        return Err(a.bad(0, "argument must not be null"));
    }
    let Value::List(_, items) = a.convert(0, &Type::list(Type::Bool))? else {
        return Err(a.bad(0, "list of bool required"));
    };
    Ok(items
        .iter()
        .map(|x| match x {
            Value::Bool(b) => Some(*b),
            _ => None,
        })
        .collect())
}

/// `alltrue(list)`: true when every element is true (a null element is false).
pub(crate) fn alltrue(a: &Args) -> Result<Value, EvalError> {
    let mut unknown = false;
    for (b, x) in bools(a)?.into_iter().zip(a.get::<Seq>(0)?.0) {
        match b {
            Some(false) => return Ok(Value::Bool(false)),
            None if x.is_null() => return Ok(Value::Bool(false)),
            None => unknown = true,
            Some(true) => {}
        }
    }
    Ok(if unknown {
        Value::Unknown(Type::Bool)
    } else {
        Value::Bool(true)
    })
}

/// `anytrue(list)`: true when some element is true.
pub(crate) fn anytrue(a: &Args) -> Result<Value, EvalError> {
    let mut unknown = false;
    for (b, x) in bools(a)?.into_iter().zip(a.get::<Seq>(0)?.0) {
        match b {
            Some(true) => return Ok(Value::Bool(true)),
            None if !x.is_null() => unknown = true,
            _ => {}
        }
    }
    Ok(if unknown {
        Value::Unknown(Type::Bool)
    } else {
        Value::Bool(false)
    })
}

/// `concat(seqs...)`: lists of one element type stay a list; otherwise a tuple.
pub(crate) fn concat(a: &Args) -> Result<Value, EvalError> {
    if a.len() == 0 {
        return Err(a.fail("at least one argument is required"));
    }
    let mut out = Vec::new();
    let mut all_lists = true;
    let mut elem: Option<Type> = None;
    for (i, v) in a.values().iter().enumerate() {
        match v {
            Value::List(t, xs) => {
                if elem.as_ref().is_some_and(|e| !e.same_as(t)) {
                    all_lists = false;
                }
                elem.get_or_insert(t.clone());
                out.extend(xs.iter().cloned());
            }
            Value::Tuple(xs) => {
                all_lists = false;
                out.extend(xs.iter().cloned());
            }
            other => {
                return Err(a.bad(
                    i,
                    format!(
                        "all arguments must be lists or tuples; got {}",
                        crate::eval::conv::friendly(&other.ty())
                    ),
                ))
            }
        }
    }
    if all_lists && a.len() > 0 {
        return Ok(Value::List(elem.unwrap_or(Type::Any), out));
    }
    Ok(Value::Tuple(out))
}

/// `compact(list)`: the strings that are neither null nor empty.
pub(crate) fn compact(a: &Args) -> Result<Value, EvalError> {
    let Value::List(_, items) = a.convert(0, &Type::list(Type::String))? else {
        return Ok(Value::Unknown(Type::list(Type::String)));
    };
    let mut out = Vec::new();
    for (i, x) in items.iter().enumerate() {
        if x.is_null() {
            continue;
        }
        let s = conv::to_string(x).map_err(|e| a.bad(0, format!("element {i}: {e}")))?;
        if !s.is_empty() {
            out.push(Value::String(s));
        }
    }
    Ok(Value::List(Type::String, out))
}

/// `element(list, index)`: the index wraps around.
pub(crate) fn element(a: &Args) -> Result<Value, EvalError> {
    let (Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items)) = a.value(0) else {
        return Err(a.fail(format!(
            "cannot read elements from {}",
            crate::eval::conv::friendly(&a.value(0).ty())
        )));
    };
    let i = a.get::<crate::number::Number>(1)?;
    let i = crate::eval::arith::to_i64(&i).ok_or_else(|| {
        a.fail(
            "invalid index: value must be a whole number, between -9223372036854775808 and \
             9223372036854775807",
        )
    })?;
    if items.is_empty() {
        return Err(a.fail("cannot use element function with an empty list"));
    }
    if i < 0 {
        return Err(a.fail("cannot use element function with a negative index"));
    }
    Ok(items[(i as usize) % items.len()].clone())
}

/// `index(list, value)`: the position of the first equal element.
pub(crate) fn index(a: &Args) -> Result<Value, EvalError> {
    let (Value::List(_, items) | Value::Tuple(items) | Value::Set(_, items)) = a.value(0) else {
        return Err(a.fail("argument must be a list or tuple"));
    };
    for (i, x) in items.iter().enumerate() {
        match equals(x, a.value(1)) {
            Some(true) => return Ok(num(i)),
            None => return Ok(Value::Unknown(Type::Number)),
            Some(false) => {}
        }
    }
    Err(a.fail("item not found"))
}

/// `one(list)`: null for an empty collection, the element for one, an error for more.
pub(crate) fn one(a: &Args) -> Result<Value, EvalError> {
    let v = a.value(0);
    let Some((_, items)) = seq_kind(v) else {
        return Err(a.bad(
            0,
            "must be a list, set, or tuple value with either zero or one elements",
        ));
    };
    match items.len() {
        0 => Ok(Value::Null(match v {
            Value::List(t, _) | Value::Set(t, _) => t.clone(),
            _ => Type::Any,
        })),
        1 => Ok(items[0].clone()),
        _ => Err(a.bad(
            0,
            "must be a list, set, or tuple value with either zero or one elements",
        )),
    }
}

/// `reverse(list)`
pub(crate) fn reverse(a: &Args) -> Result<Value, EvalError> {
    match a.value(0) {
        Value::List(t, xs) | Value::Set(t, xs) => {
            Ok(Value::List(t.clone(), xs.iter().rev().cloned().collect()))
        }
        Value::Tuple(xs) => Ok(Value::Tuple(xs.iter().rev().cloned().collect())),
        other => Err(a.bad(
            0,
            format!(
                "can only reverse list or tuple values, not {}",
                crate::eval::conv::friendly(&other.ty())
            ),
        )),
    }
}

/// `slice(list, start, end)`
pub(crate) fn slice(a: &Args) -> Result<Value, EvalError> {
    let v = a.value(0);
    let Some((is_list, items)) = seq_kind(v) else {
        return Err(a.bad(0, "must be a list or tuple value"));
    };
    let start = a.int_or(1, |c| a.bad(1, format!("invalid start index: {c}")))?;
    let end = a.int_or(2, |c| a.bad(2, format!("invalid end index: {c}")))?;
    if start < 0 {
        return Err(a.bad(1, "start index must not be less than zero"));
    }
    if end as usize > items.len() || end < 0 {
        return Err(a.bad(
            2,
            "end index must not be greater than the length of the list",
        ));
    }
    if start > end {
        return Err(a.bad(1, "start index must not be greater than end index"));
    }
    let part = items[start as usize..end as usize].to_vec();
    Ok(match (is_list, v) {
        (true, Value::List(t, _) | Value::Set(t, _)) => Value::List(t.clone(), part),
        _ => Value::Tuple(part),
    })
}

/// `sort(list)`: strings in lexical order (numbers are converted to strings).
pub(crate) fn sort(a: &Args) -> Result<Value, EvalError> {
    let Strings(mut items) = a.get(0)?;
    items.sort();
    Ok(Value::List(
        Type::String,
        items.into_iter().map(Value::String).collect(),
    ))
}

/// `chunklist(list, size)`
pub(crate) fn chunklist(a: &Args) -> Result<Value, EvalError> {
    let v = a.value(0);
    let Some((_, items)) = seq_kind(v) else {
        return Err(a.bad(0, "list of any single type required"));
    };
    let elem = match conv::unify_values(items) {
        Some((t, _)) => t,
        None => return Err(a.bad(0, "list of any single type required")),
    };
    let size = a.int_or(1, |c| a.fail(format!("invalid size: {c}")))?;
    if size < 0 {
        return Err(a.fail("the size argument must be positive"));
    }
    let chunks: Vec<Value> = if size == 0 {
        vec![Value::List(elem.clone(), items.clone())]
    } else {
        items
            .chunks(size as usize)
            .map(|c| Value::List(elem.clone(), c.to_vec()))
            .collect()
    };
    Ok(Value::List(Type::list(elem), chunks))
}

/// `distinct(list)`: first occurrences, in order.
pub(crate) fn distinct(a: &Args) -> Result<Value, EvalError> {
    let v = a.convert(0, &Type::list(Type::Any))?;
    let Value::List(t, items) = v else {
        return Err(a.bad(0, "list required"));
    };
    // Strings, the common case, are remembered by hashing, so a long list stays linear.
    if items.iter().all(|x| matches!(x, Value::String(_))) {
        let mut seen = std::collections::HashSet::new();
        let out = items
            .into_iter()
            .filter(|x| !matches!(x, Value::String(s) if !seen.insert(s.clone())))
            .collect();
        return Ok(Value::List(t, out));
    }
    let mut out: Vec<Value> = Vec::new();
    for x in items {
        if !out.iter().any(|y| equals(y, &x) == Some(true)) {
            out.push(x);
        }
    }
    Ok(Value::List(t, out))
}

/// `matchkeys(values, keys, searchset)`
pub(crate) fn matchkeys(a: &Args) -> Result<Value, EvalError> {
    let Seq(vals) = a.get(0)?;
    let Seq(ks) = a.get(1)?;
    let Seq(search) = a.get(2)?;
    if vals.len() != ks.len() {
        return Err(a.fail("length of keys and values should be equal"));
    }
    let mut out = Vec::new();
    for (v, k) in vals.iter().zip(&ks) {
        if search.iter().any(|s| equals(s, k) == Some(true)) {
            out.push(v.clone());
        }
    }
    Ok(list_of(out))
}

/// `range(end)`, `range(start, end)`, `range(start, end, step)`: at most 1024 numbers.
pub(crate) fn range(a: &Args) -> Result<Value, EvalError> {
    use crate::eval::arith;
    let ns: Vec<crate::number::Number> = a.get_rest()?;
    let (start, end, step) = match ns.as_slice() {
        [end] => (crate::number::Number::from(0), end.clone(), None),
        [start, end] => (start.clone(), end.clone(), None),
        [start, end, step] => (start.clone(), end.clone(), Some(step.clone())),
        _ => return Err(a.bad(0, "must have one, two, or three arguments")),
    };
    let step = step.unwrap_or_else(|| {
        if end < start {
            crate::number::Number::from(-1)
        } else {
            crate::number::Number::from(1)
        }
    });
    let zero = crate::number::Number::from(0);
    // Only a given step can point the wrong way; cty blames the end (argument 1).
    if end < start && step > zero {
        return Err(a.bad(1, "end must be greater than start when step is positive"));
    }
    if end > start && step < zero {
        return Err(a.bad(1, "end must be less than start when step is negative"));
    }
    let mut out = Vec::new();
    let mut x = start;
    while (step >= zero && x < end) || (step < zero && x > end) {
        if out.len() >= 1024 {
            return Err(a.fail(
                "more than 1024 values were generated; either decrease the difference between \
                 start and end or use a smaller step",
            ));
        }
        out.push(Value::Number(x.clone()));
        x = arith::add(&x, &step)?;
    }
    Ok(Value::List(Type::Number, out))
}
