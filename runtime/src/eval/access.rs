//! Attribute access, indexing and splats.

use crate::expr::Expr;
use crate::types::Type;
use crate::value::Value;

use super::conv;
use super::error::EvalError;
use super::scope::Scope;

fn invalid_index(detail: &str) -> EvalError {
    EvalError::new("Invalid index", detail)
}

const NO_ELEMENT: &str = "The given key does not identify an element in this collection value";

/// `v.name`
pub(crate) fn get_attr(v: &Value, name: &str) -> Result<Value, EvalError> {
    match v {
        Value::Null(_) => Err(EvalError::new(
            "Attempt to get attribute from null value",
            "This value is null, so it does not have any attributes.",
        )),
        Value::Unknown(_) => Ok(Value::Unknown(Type::Any)),
        Value::Object(m) => m.get(name).cloned().ok_or_else(|| {
            EvalError::new(
                "Unsupported attribute",
                format!("This object does not have an attribute named \"{name}\"."),
            )
        }),
        Value::Map(_, m) => m.get(name).cloned().ok_or_else(|| {
            EvalError::new(
                "Missing map element",
                format!("This map does not have an element with the key \"{name}\"."),
            )
        }),
        Value::String(_) | Value::Number(_) | Value::Bool(_) => Err(EvalError::new(
            "Unsupported attribute",
            format!(
                "Can't access attributes on a primitive-typed value ({}).",
                conv::friendly(&v.ty())
            ),
        )),
        _ => Err(EvalError::new(
            "Unsupported attribute",
            "This value does not have any attributes.",
        )),
    }
}

/// `v[key]`
pub(crate) fn index(v: &Value, key: &Value) -> Result<Value, EvalError> {
    if v.is_null() {
        return Err(EvalError::new(
            "Attempt to index null value",
            "This value is null, so it does not have any indices.",
        ));
    }
    if key.is_null() {
        return Err(invalid_index("Can't use a null value as an indexing key."));
    }
    if v.is_unknown() || key.is_unknown() {
        return Ok(Value::Unknown(Type::Any));
    }
    match v {
        Value::List(_, xs) | Value::Tuple(xs) => {
            // cty's words: `a number is required` for a string, `number required` otherwise.
            let n = match conv::convert(key, &Type::Number) {
                Ok(Value::Number(n)) => n,
                Ok(_) => return Err(invalid_index(&format!("{NO_ELEMENT}: number required."))),
                Err(e) => return Err(invalid_index(&format!("{NO_ELEMENT}: {e}."))),
            };
            let Some(d) = n.as_decimal().filter(|d| d.is_integer()) else {
                return Err(invalid_index(&format!(
                    "{NO_ELEMENT}: indexing a sequence requires a whole number, but the given \
                     index has a fractional part."
                )));
            };
            if n.is_sign_negative() && !d.is_zero_like() {
                return Err(invalid_index(&format!(
                    "{NO_ELEMENT}: a negative number is not a valid index for a sequence."
                )));
            }
            let i = num_traits::ToPrimitive::to_usize(d).unwrap_or(usize::MAX);
            // HCL words only an index just past the end; one further on gets the plain message.
            xs.get(i).cloned().ok_or_else(|| match (xs.len(), i) {
                (0, 0) => invalid_index(&format!("{NO_ELEMENT}: the collection has no elements.")),
                (n, i) if i == n => invalid_index(&format!(
                    "{NO_ELEMENT}: the given index is greater than or equal to the length of \
                     the collection."
                )),
                _ => invalid_index(&format!("{NO_ELEMENT}.")),
            })
        }
        Value::Object(_) if matches!(key, Value::Number(_)) => Err(invalid_index(&format!(
            "{NO_ELEMENT}. An object only supports looking up attributes by name, not by \
             numeric index."
        ))),
        Value::Map(_, m) | Value::Object(m) => {
            let k = match conv::convert(key, &Type::String) {
                Ok(Value::String(s)) => s,
                _ => {
                    return Err(invalid_index(&format!(
                        "{NO_ELEMENT}: a string is required."
                    )))
                }
            };
            m.get(&k)
                .cloned()
                .ok_or_else(|| invalid_index(&format!("{NO_ELEMENT}.")))
        }
        Value::Set(..) => Err(invalid_index(
            "Elements of a set are identified only by their value and don't have any separate \
             index or key to select with, so it's only possible to perform operations across \
             all elements of the set.",
        )),
        _ => Err(invalid_index("This value does not have any indices.")),
    }
}

trait ZeroLike {
    fn is_zero_like(&self) -> bool;
}

impl ZeroLike for bigdecimal::BigDecimal {
    fn is_zero_like(&self) -> bool {
        bigdecimal::Zero::is_zero(self)
    }
}

impl Scope<'_> {
    pub(crate) fn eval_splat(
        &mut self,
        source: &Expr,
        each: &Expr,
        symbol: &str,
    ) -> Result<Value, EvalError> {
        let src = self.eval(source)?;
        let (items, as_list) = match src {
            // A null sequence cannot be splatted; any other null is an empty tuple.
            Value::Null(Type::List(_) | Type::Set(_) | Type::Tuple(_)) => {
                return Err(EvalError::new(
                    "Splat of null value",
                    "Splat expressions (with the * symbol) cannot be applied to null sequences.",
                ))
            }
            Value::Null(_) => return Ok(Value::Tuple(Vec::new())),
            Value::Unknown(_) => return Ok(Value::Unknown(Type::Any)),
            Value::List(_, xs) | Value::Set(_, xs) => (xs, true),
            Value::Tuple(xs) => (xs, false),
            other => (vec![other], false),
        };
        // Every element is evaluated, and each failure reported, as HCL does.
        let mut results = Vec::with_capacity(items.len());
        for item in items {
            results.push(self.with_bound(vec![(symbol.to_string(), item)], |s| s.eval(each)));
        }
        let out = super::error::all_ok(results)?;
        if as_list {
            if let Some((ty, vals)) = conv::unify_values(&out) {
                return Ok(Value::List(ty, vals));
            }
        }
        Ok(Value::Tuple(out))
    }
}
