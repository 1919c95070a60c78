//! `for` expressions: list and object forms, `if` filters and grouping with `...`.

use std::collections::BTreeMap;

use crate::expr::ForExpr;
use crate::types::Type;
use crate::value::Value;

use super::conv;
use super::error::EvalError;
use super::operators::num;
use super::scope::Scope;

/// The (key, value) pairs a `for` iterates over: indices for sequences, keys for maps and
/// objects, the element itself for sets. `None` when the collection is unknown.
pub(crate) fn iterate(coll: &Value) -> Result<Option<Vec<(Value, Value)>>, EvalError> {
    Ok(Some(match coll {
        Value::Null(_) => {
            return Err(EvalError::new(
                "Iteration over null value",
                "A null value cannot be used as the collection in a 'for' expression.",
            ))
        }
        Value::Unknown(_) => return Ok(None),
        Value::List(_, xs) | Value::Tuple(xs) => xs
            .iter()
            .enumerate()
            .map(|(i, x)| (num(i), x.clone()))
            .collect(),
        Value::Set(_, xs) => xs.iter().map(|x| (x.clone(), x.clone())).collect(),
        Value::Map(_, m) | Value::Object(m) => m
            .iter()
            .map(|(k, v)| (Value::String(k.clone()), v.clone()))
            .collect(),
        other => {
            return Err(EvalError::new(
                "Iteration over non-iterable value",
                format!(
                    "A value of type {} cannot be used as the collection in a 'for' expression.",
                    conv::type_string(&other.ty())
                ),
            ))
        }
    }))
}

impl Scope<'_> {
    pub(crate) fn eval_for(&mut self, f: &ForExpr) -> Result<Value, EvalError> {
        let coll = self.eval(&f.collection)?;
        let Some(items) = iterate(&coll)? else {
            return Ok(Value::Unknown(Type::Any));
        };
        let mut list = Vec::new();
        let mut object: BTreeMap<String, Value> = BTreeMap::new();
        let mut groups: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        let mut unknown = false;
        for (k, v) in items {
            let mut symbols = Vec::new();
            if let Some(kv) = &f.key_var {
                symbols.push((kv.clone(), k));
            }
            symbols.push((f.value_var.clone(), v));
            let step = self.with_bound(
                symbols,
                |s| -> Result<Option<(Option<Value>, Value)>, EvalError> {
                    if let Some(cond) = &f.condition {
                        let c = s.eval(cond)?;
                        match conv::convert(&c, &Type::Bool) {
                            Ok(Value::Bool(true)) => {}
                            Ok(Value::Bool(false)) => return Ok(None),
                            Ok(Value::Null(_)) => {
                                return Err(EvalError::new(
                                    "Condition is null",
                                    "The value of the 'if' clause must not be null.",
                                ))
                            }
                            Ok(_) => return Ok(Some((None, Value::Unknown(Type::Any)))),
                            Err(e) => {
                                return Err(EvalError::new(
                                    "Invalid 'for' condition",
                                    format!("The 'if' clause value is invalid: {e}."),
                                ))
                            }
                        }
                    }
                    let key = match &f.key {
                        Some(ke) => Some(s.eval(ke)?),
                        None => None,
                    };
                    let value = s.eval(&f.value)?;
                    Ok(Some((key, value)))
                },
            )?;
            let Some((key, value)) = step else { continue };
            match (&f.key, key) {
                (None, _) => list.push(value),
                (Some(_), key) => {
                    let key = key.unwrap_or(Value::Unknown(Type::Any));
                    let key =
                        match key {
                            Value::Null(_) => return Err(EvalError::new(
                                "Invalid object key",
                                "Key expression in 'for' expression must not produce a null value.",
                            )),
                            Value::Unknown(_) => {
                                unknown = true;
                                continue;
                            }
                            other => match conv::to_string(&other) {
                                Ok(s) => s,
                                Err(e) => {
                                    return Err(EvalError::new(
                                        "Invalid object key",
                                        format!("The object key value is invalid: {e}."),
                                    ))
                                }
                            },
                        };
                    if f.grouping {
                        groups.entry(key).or_default().push(value);
                        continue;
                    }
                    match object.entry(key) {
                        std::collections::btree_map::Entry::Occupied(e) => {
                            let key = e.key();
                            return Err(EvalError::new(
                                "Duplicate object key",
                                format!(
                                    "Two different items produced the key \"{key}\" in this 'for' \
                                 expression. If duplicates are expected, use the ellipsis (...) \
                                 after the value expression to enable grouping by key."
                                ),
                            ));
                        }
                        std::collections::btree_map::Entry::Vacant(e) => {
                            e.insert(value);
                        }
                    }
                }
            }
        }
        if unknown {
            return Ok(Value::Unknown(Type::Any));
        }
        Ok(match (&f.key, f.grouping) {
            (None, _) => Value::Tuple(list),
            (Some(_), false) => Value::Object(object),
            (Some(_), true) => Value::Object(
                groups
                    .into_iter()
                    .map(|(k, vs)| (k, Value::Tuple(vs)))
                    .collect(),
            ),
        })
    }

    pub(crate) fn eval_conditional(
        &mut self,
        cond: &crate::expr::Expr,
        then: &crate::expr::Expr,
        otherwise: &crate::expr::Expr,
    ) -> Result<Value, EvalError> {
        let c = self.eval(cond)?;
        let c = match conv::convert(&c, &Type::Bool) {
            Ok(Value::Null(_)) => {
                return Err(EvalError::new(
                    "Null condition",
                    "The condition value is null. Conditions must either be true or false.",
                ))
            }
            Ok(v) => v,
            Err(_) => {
                return Err(EvalError::new(
                    "Incorrect condition type",
                    "The condition expression must be of type bool.",
                ))
            }
        };
        // Both branches are evaluated for their types, as Terraform does; only the chosen
        // branch's errors count.
        let mark = self.unknown_mark();
        match c {
            Value::Bool(choice) => {
                let (chosen, other) = if choice {
                    (then, otherwise)
                } else {
                    (otherwise, then)
                };
                let value = self.eval(chosen)?;
                let keep = self.unknown_mark();
                let other_ty = match self.eval(other) {
                    Ok(v) if !matches!(v, Value::Null(Type::Any)) => Some(v.ty()),
                    _ => None,
                };
                self.unknown_reset(keep.max(mark));
                let Some(other_ty) = other_ty else {
                    return Ok(value);
                };
                if matches!(value, Value::Null(Type::Any)) {
                    return Ok(Value::Null(other_ty));
                }
                let ty = conv::unify_types(&[value.ty(), other_ty]).ok_or_else(inconsistent)?;
                conv::convert(&value, &ty).map_err(|_| inconsistent())
            }
            _ => {
                let a = self.eval(then)?;
                let b = self.eval(otherwise)?;
                let types: Vec<Type> = [&a, &b]
                    .iter()
                    .filter(|v| !matches!(v, Value::Null(Type::Any)))
                    .map(|v| v.ty())
                    .collect();
                let ty = conv::unify_types(&types).ok_or_else(inconsistent)?;
                Ok(Value::Unknown(ty))
            }
        }
    }
}

fn inconsistent() -> EvalError {
    EvalError::new(
        "Inconsistent conditional result types",
        "The true and false result expressions must have consistent types.",
    )
}
