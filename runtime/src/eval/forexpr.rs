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
        // A referenced collection is iterated where it is, not copied first.
        let items = match self.peek(&f.collection) {
            Some(coll) => iterate(coll)?,
            None => iterate(&self.eval(&f.collection)?)?,
        };
        let Some(items) = items else {
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
                            // An unknown filter makes the whole result unknown; an unknown
                            // key says so below for both forms.
                            Ok(_) => {
                                return Ok(Some((
                                    Some(Value::Unknown(Type::Any)),
                                    Value::Unknown(Type::Any),
                                )))
                            }
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
                (None, Some(_)) => unknown = true,
                (None, None) => list.push(value),
                (Some(_), key) => {
                    let key = key.unwrap_or(Value::Unknown(Type::Any));
                    let key = match key {
                        Value::Null(_) => {
                            return Err(EvalError::new(
                                "Invalid object key",
                                "Key expression in 'for' expression must not produce a null value.",
                            ))
                        }
                        Value::Unknown(_) => {
                            unknown = true;
                            continue;
                        }
                        other => match conv::to_string(&other) {
                            Ok(s) => s,
                            Err(e) => {
                                return Err(EvalError::new(
                                    "Invalid object key",
                                    format!("The key expression produced an invalid result: {e}."),
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
            (Some(_), false) => Value::Object(object.into()),
            (Some(_), true) => Value::Object(
                groups
                    .into_iter()
                    .map(|(k, vs)| (k, Value::Tuple(vs)))
                    .collect(),
            ),
        })
    }

    /// `cond ? a : b` as HCL evaluates it: both results first (for the result type), then
    /// the condition; only the chosen result's errors count.
    pub(crate) fn eval_conditional(
        &mut self,
        cond: &crate::expr::Expr,
        then: &crate::expr::Expr,
        otherwise: &crate::expr::Expr,
    ) -> Result<Value, EvalError> {
        let mark = self.unknown_mark();
        let t = self.eval(then);
        let t_reasons = self.take_reasons_since(mark);
        let f = self.eval(otherwise);
        let f_reasons = self.take_reasons_since(mark);
        // A failed result counts as an unknown value of the type its expression has whatever
        // the operands (an operator's result type), else of any type.
        let t_failed = Value::Unknown(static_type(then));
        let f_failed = Value::Unknown(static_type(otherwise));
        let tv = t.as_ref().unwrap_or(&t_failed);
        let fv = f.as_ref().unwrap_or(&f_failed);
        let literal_null = |v: &Value| matches!(v, Value::Null(Type::Any));
        let result_ty = if literal_null(tv) {
            fv.ty()
        } else if literal_null(fv) {
            tv.ty()
        } else if matches!(tv.ty(), Type::Any) || matches!(fv.ty(), Type::Any) {
            Type::Any
        } else {
            conv::unify_types(&[tv.ty(), fv.ty()]).ok_or_else(|| {
                EvalError::new(
                    "Inconsistent conditional result types",
                    format!(
                        "The true and false result expressions must have consistent types. {}.",
                        describe_mismatch(&tv.ty(), &fv.ty())
                    ),
                )
            })?
        };
        let c = self.eval(cond)?;
        let c = match c {
            Value::Null(_) => {
                return Err(EvalError::new(
                    "Null condition",
                    "The condition value is null. Conditions must either be true or false.",
                ))
            }
            Value::Unknown(_) => {
                self.add_reasons(t_reasons);
                self.add_reasons(f_reasons);
                return Ok(Value::Unknown(result_ty));
            }
            other => match conv::convert(&other, &Type::Bool) {
                Ok(Value::Bool(b)) => b,
                _ => {
                    return Err(EvalError::new(
                        "Incorrect condition type",
                        "The condition expression must be of type bool.",
                    ))
                }
            },
        };
        let (result, reasons, which) = if c {
            (t, t_reasons, "true")
        } else {
            (f, f_reasons, "false")
        };
        self.add_reasons(reasons);
        let value = result?;
        if matches!(result_ty, Type::Any) || value.is_unknown() {
            return Ok(value);
        }
        conv::convert(&value, &result_ty).map_err(|e| {
            EvalError::new(
                "Inconsistent conditional result types",
                format!("The {which} result value has the wrong type: {e}."),
            )
        })
    }
}

/// The type an expression has whatever its operands: what HCL gives a failed operation.
fn static_type(e: &crate::expr::Expr) -> Type {
    use crate::expr::{BinaryOp, Expr, UnaryOp};
    match e.peel() {
        Expr::Binary(op, ..) => match op {
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Mod => {
                Type::Number
            }
            _ => Type::Bool,
        },
        Expr::Unary(UnaryOp::Not, _) => Type::Bool,
        Expr::Unary(UnaryOp::Negate, _) => Type::Number,
        _ => Type::Any,
    }
}

/// HCL's `describeConditionalTypeMismatch`.
fn describe_mismatch(t: &Type, f: &Type) -> String {
    match (t, f) {
        (Type::Object(a), Type::Object(b)) => {
            let mut names: Vec<&str> = a.iter().chain(b).map(|x| &*x.name).collect();
            names.sort();
            names.dedup();
            for n in &names {
                match (t.attribute(n), f.attribute(n)) {
                    (Some(_), None) => {
                        return format!(
                            "The 'true' value includes object attribute {n:?}, which is absent \
                             in the 'false' value"
                        )
                    }
                    (None, Some(_)) => {
                        return format!(
                            "The 'false' value includes object attribute {n:?}, which is absent \
                             in the 'true' value"
                        )
                    }
                    (Some(x), Some(y))
                        if conv::unify_types(&[x.ty.clone(), y.ty.clone()]).is_none() =>
                    {
                        return format!(
                            "Type mismatch for object attribute {n:?}: {}",
                            describe_mismatch(&x.ty, &y.ty)
                        )
                    }
                    _ => {}
                }
            }
        }
        (Type::Tuple(a), Type::Tuple(b)) => {
            if a.len() != b.len() {
                return format!(
                    "The 'true' tuple has length {}, but the 'false' tuple has length {}",
                    a.len(),
                    b.len()
                );
            }
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                if conv::unify_types(&[x.clone(), y.clone()]).is_none() {
                    return format!(
                        "Type mismatch for tuple element {i}: {}",
                        describe_mismatch(x, y)
                    );
                }
            }
        }
        _ => {}
    }
    format!(
        "The 'true' value is {}, but the 'false' value is {}",
        crate::eval::conv::friendly(t),
        crate::eval::conv::friendly(f)
    )
}
