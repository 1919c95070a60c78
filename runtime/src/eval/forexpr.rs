//! `for` expressions: list and object forms, `if` filters and grouping with `...`.

use std::collections::BTreeMap;

use crate::expr::{Expr, ForExpr};
use crate::types::Type;
use crate::value::Value;

use super::conv;
use super::error::{joined, EvalError};
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
    /// A `for` expression as hclsyntax evaluates it: the collection, then the `if` clause once
    /// with the symbols unknown (a clause that is null, not a bool or failing whatever the
    /// element is reported there, before any element), then every element. An element's
    /// failures do not stop the others: each failure of the clause, the key and the value is
    /// reported, and so is each duplicate key, while HCL's own complaints about a clause or key
    /// (null, not a bool, not a string) are reported for the first element only, as HCL stops
    /// reporting them once the result is unknown.
    pub(crate) fn eval_for(&mut self, f: &ForExpr) -> Result<Value, EvalError> {
        // A referenced collection is iterated where it is, not copied first.
        let dynamic = |c: &Value| matches!(c, Value::Unknown(Type::Any));
        let (items, dynamic) = match self.peek(&f.collection) {
            Some(coll) => (iterate(coll)?, dynamic(coll)),
            None => {
                let coll = self.eval(&f.collection)?;
                (iterate(&coll)?, dynamic(&coll))
            }
        };
        if dynamic {
            return Ok(Value::Unknown(Type::Any));
        }
        if let Some(cond) = &f.condition {
            self.check_condition_alone(f, cond)?;
        }
        let Some(items) = items else {
            return Ok(Value::Unknown(Type::Any));
        };
        let mut list = Vec::new();
        let mut object: BTreeMap<String, Value> = BTreeMap::new();
        let mut groups: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        let mut known = true;
        let mut errors = Vec::new();
        for (k, v) in items {
            let mut symbols = Vec::new();
            if let Some(kv) = &f.key_var {
                symbols.push((kv.clone(), k));
            }
            symbols.push((f.value_var.clone(), v));
            let element = self.with_bound(symbols, |s| s.for_element(f, &mut known, &mut errors));
            let Some((key, value)) = element else {
                continue;
            };
            let Some(key) = key else {
                list.push(value);
                continue;
            };
            if f.grouping {
                groups.entry(key).or_default().push(value);
                continue;
            }
            match object.entry(key) {
                std::collections::btree_map::Entry::Occupied(e) => {
                    errors.push(EvalError::new(
                        "Duplicate object key",
                        format!(
                            "Two different items produced the key {} in this 'for' \
                             expression. If duplicates are expected, use the ellipsis (...) \
                             after the value expression to enable grouping by key.",
                            crate::value::go_quote(e.key())
                        ),
                    ));
                }
                std::collections::btree_map::Entry::Vacant(e) => {
                    e.insert(value);
                }
            }
        }
        if let Some(e) = joined(errors) {
            return Err(e);
        }
        if !known {
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

    /// The `if` clause evaluated once with the `for`'s symbols unknown, as HCL does before
    /// iterating (an empty collection included).
    fn check_condition_alone(&mut self, f: &ForExpr, cond: &Expr) -> Result<(), EvalError> {
        let mut symbols = Vec::new();
        if let Some(kv) = &f.key_var {
            symbols.push((kv.clone(), Value::Unknown(Type::Any)));
        }
        symbols.push((f.value_var.clone(), Value::Unknown(Type::Any)));
        // Whatever this makes unknown is made unknown again, or not at all, per element.
        let mark = self.unknown_mark();
        let result = self.with_bound(symbols, |s| s.eval(cond));
        self.take_reasons_since(mark);
        let c = result?;
        if c.is_null() {
            return Err(EvalError::new(
                "Condition is null",
                "The value of the 'if' clause must not be null.",
            ));
        }
        match conv::convert(&c, &Type::Bool) {
            Ok(_) => Ok(()),
            Err(e) => Err(invalid_condition(&format!(
                "The 'if' clause value is invalid: {e}."
            ))),
        }
    }

    /// One element of a `for`, its symbols bound: `None` when the `if` clause leaves it out or
    /// it adds nothing known, else its key (object form) and value. Failures go to `errors`;
    /// `known` turns false when the result can only be unknown.
    fn for_element(
        &mut self,
        f: &ForExpr,
        known: &mut bool,
        errors: &mut Vec<EvalError>,
    ) -> Option<(Option<String>, Value)> {
        // HCL's own complaint about the clause or the key, made while the result is known.
        let mut complain = |known: &mut bool, e: EvalError| {
            if *known {
                errors.push(e);
            }
            *known = false;
        };
        if let Some(cond) = &f.condition {
            let c = match self.eval(cond) {
                Ok(c) => c,
                Err(e) => {
                    errors.push(e);
                    *known = false;
                    return None;
                }
            };
            if c.is_null() {
                complain(
                    known,
                    invalid_condition("The value of the 'if' clause must not be null."),
                );
                return None;
            }
            // The list form asks whether the clause is known before converting it, the object
            // form after.
            if f.key.is_none() && c.is_unknown() {
                *known = false;
                return None;
            }
            match conv::convert(&c, &Type::Bool) {
                Ok(Value::Bool(true)) => {}
                Ok(Value::Bool(false)) => return None,
                Ok(_) => {
                    *known = false;
                    return None;
                }
                Err(e) => {
                    let detail = format!("The 'if' clause value is invalid: {e}.");
                    complain(known, invalid_condition(&detail));
                    return None;
                }
            }
        }
        let key = match &f.key {
            None => None,
            Some(ke) => match self.eval(ke) {
                Err(e) => {
                    errors.push(e);
                    *known = false;
                    return None;
                }
                Ok(Value::Null(_)) => {
                    complain(
                        known,
                        invalid_key(
                            "Key expression in 'for' expression must not produce a null value.",
                        ),
                    );
                    return None;
                }
                Ok(Value::Unknown(_)) => {
                    *known = false;
                    return None;
                }
                Ok(key) => match conv::to_string(&key) {
                    Ok(s) => Some(s),
                    Err(e) => {
                        let detail = format!("The key expression produced an invalid result: {e}.");
                        complain(known, invalid_key(&detail));
                        return None;
                    }
                },
            },
        };
        let value = match self.eval(&f.value) {
            Ok(v) => v,
            Err(e) => {
                errors.push(e);
                Value::Unknown(Type::Any)
            }
        };
        Some((key, value))
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

/// HCL's `describeConditionalTypeMismatch`: the first difference met, the 'true' value's
/// attributes (in name order) looked at before those only the 'false' value has; an element or
/// attribute differs when its types are not the same.
fn describe_mismatch(t: &Type, f: &Type) -> String {
    fn sorted(attrs: &[crate::types::Attribute]) -> Vec<&str> {
        let mut names: Vec<&str> = attrs.iter().map(|a| &*a.name).collect();
        names.sort_unstable();
        names
    }
    match (t, f) {
        (Type::Object(a), Type::Object(b)) => {
            for n in sorted(a) {
                let (Some(x), Some(y)) = (t.attribute(n), f.attribute(n)) else {
                    return format!(
                        "The 'true' value includes object attribute {n:?}, which is absent in \
                         the 'false' value"
                    );
                };
                if !x.ty.same_as(&y.ty) {
                    return format!(
                        "Type mismatch for object attribute {n:?}: {}",
                        describe_mismatch(&x.ty, &y.ty)
                    );
                }
            }
            if let Some(n) = sorted(b).into_iter().find(|n| t.attribute(n).is_none()) {
                return format!(
                    "The 'false' value includes object attribute {n:?}, which is absent in the \
                     'true' value"
                );
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
            if let Some((i, (x, y))) = a
                .iter()
                .zip(b)
                .enumerate()
                .find(|(_, (x, y))| !x.same_as(y))
            {
                return format!(
                    "Type mismatch for tuple element {i}: {}",
                    describe_mismatch(x, y)
                );
            }
        }
        (Type::List(x), Type::List(y))
        | (Type::Set(x), Type::Set(y))
        | (Type::Map(x), Type::Map(y))
            if matches!(
                (&**x, &**y),
                (Type::Object(_), Type::Object(_)) | (Type::Tuple(_), Type::Tuple(_))
            ) =>
        {
            let noun = match t {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            return format!(
                "Mismatched {noun} element types: {}",
                describe_mismatch(x, y)
            );
        }
        _ => {}
    }
    let (true_name, false_name) = (
        crate::eval::conv::friendly(t),
        crate::eval::conv::friendly(f),
    );
    if true_name == false_name {
        return "At least one deeply-nested attribute or element is not compatible across both \
                the 'true' and the 'false' value"
            .to_string();
    }
    format!("The 'true' value is {true_name}, but the 'false' value is {false_name}")
}

fn invalid_condition(detail: &str) -> EvalError {
    EvalError::new("Invalid 'for' condition", detail)
}

fn invalid_key(detail: &str) -> EvalError {
    EvalError::new("Invalid object key", detail)
}
