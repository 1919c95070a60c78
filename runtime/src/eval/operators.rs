//! Unary and binary operators with Terraform's semantics: type-strict `==`, numeric-only
//! comparisons (strings converted), `&&`/`||` on bools, and evaluation order by release.

use crate::expr::{BinaryOp, Expr, UnaryOp};
use crate::number::Number;
use crate::spec::TerraformVersion;
use crate::types::Type;
use crate::value::Value;

use super::arith;
use super::conv;
use super::error::{joined, EvalError};
use super::scope::Scope;

fn operand(v: &Value, ty: &Type, side: &str) -> Result<Value, EvalError> {
    conv::convert(v, ty).map_err(|e| {
        EvalError::new(
            "Invalid operand",
            format!("Unsuitable value for {side} operand: {e}."),
        )
    })
}

fn null_operand() -> EvalError {
    EvalError::new(
        "Operation failed",
        "Error during operation: argument must not be null.",
    )
}

/// `-x` and `!x`.
pub(crate) fn unary(op: UnaryOp, v: &Value) -> Result<Value, EvalError> {
    let ty = match op {
        UnaryOp::Negate => Type::Number,
        UnaryOp::Not => Type::Bool,
    };
    let v = operand(v, &ty, "unary")?;
    match v {
        Value::Null(_) => Err(null_operand()),
        Value::Unknown(_) => Ok(Value::Unknown(ty)),
        Value::Number(n) => Ok(Value::Number(arith::neg(&n))),
        Value::Bool(b) => Ok(Value::Bool(!b)),
        _ => unreachable!("converted"),
    }
}

impl Scope<'_> {
    /// Both operands are evaluated, as HCL evaluates them, and every failure is reported:
    /// an operand of the wrong type first, then the errors inside the operands. Since 1.12 a
    /// known left operand of `&&` or `||` that decides the result makes the right one moot.
    pub(crate) fn eval_binary(
        &mut self,
        op: BinaryOp,
        lhs: &Expr,
        rhs: &Expr,
    ) -> Result<Value, EvalError> {
        let ty = operand_type(op);
        let a = self.eval(lhs);
        if self.version() == TerraformVersion::Latest {
            if let Ok(v) = &a {
                match (conv::convert(v, &Type::Bool), op) {
                    (Ok(Value::Bool(false)), BinaryOp::And) => return Ok(Value::Bool(false)),
                    (Ok(Value::Bool(true)), BinaryOp::Or) => return Ok(Value::Bool(true)),
                    _ => {}
                }
            }
        }
        let b = self.eval(rhs);
        let unsuitable = |r: &Result<Value, EvalError>, side: &str| match (r, &ty) {
            (Ok(v), Some(t)) => operand(v, t, side).err(),
            _ => None,
        };
        let mut errors: Vec<EvalError> = unsuitable(&a, "left")
            .into_iter()
            .chain(unsuitable(&b, "right"))
            .collect();
        match (a, b) {
            (Ok(a), Ok(b)) if errors.is_empty() => binary(op, &a, &b),
            (a, b) => {
                errors.extend(a.err());
                errors.extend(b.err());
                Err(joined(errors).expect("an operand failed"))
            }
        }
    }
}

/// The type both operands of `op` are converted to (`==` and `!=` take any).
fn operand_type(op: BinaryOp) -> Option<Type> {
    match op {
        BinaryOp::Eq | BinaryOp::NotEq => None,
        BinaryOp::And | BinaryOp::Or => Some(Type::Bool),
        _ => Some(Type::Number),
    }
}

fn logical(op: BinaryOp, a: &Value, b: &Value) -> Result<Value, EvalError> {
    if a.is_null() || b.is_null() {
        return Err(null_operand());
    }
    let known = |v: &Value| match v {
        Value::Bool(x) => Some(*x),
        _ => None,
    };
    let (x, y) = (known(a), known(b));
    Ok(match op {
        BinaryOp::And => match (x, y) {
            (Some(false), _) | (_, Some(false)) => Value::Bool(false),
            (Some(true), Some(true)) => Value::Bool(true),
            _ => Value::Unknown(Type::Bool),
        },
        _ => match (x, y) {
            (Some(true), _) | (_, Some(true)) => Value::Bool(true),
            (Some(false), Some(false)) => Value::Bool(false),
            _ => Value::Unknown(Type::Bool),
        },
    })
}

/// A binary operator on evaluated operands (for `&&`/`||`, both operands evaluated).
pub(crate) fn binary(op: BinaryOp, a: &Value, b: &Value) -> Result<Value, EvalError> {
    match op {
        BinaryOp::Eq | BinaryOp::NotEq => {
            let eq = equals(a, b);
            Ok(match (eq, op) {
                (Some(e), BinaryOp::Eq) => Value::Bool(e),
                (Some(e), _) => Value::Bool(!e),
                (None, _) => Value::Unknown(Type::Bool),
            })
        }
        BinaryOp::And | BinaryOp::Or => {
            let a = operand(a, &Type::Bool, "left")?;
            let b = operand(b, &Type::Bool, "right")?;
            logical(op, &a, &b)
        }
        _ => {
            let x = operand(a, &Type::Number, "left")?;
            let y = operand(b, &Type::Number, "right")?;
            let result_ty = match op {
                BinaryOp::Less | BinaryOp::LessEq | BinaryOp::Greater | BinaryOp::GreaterEq => {
                    Type::Bool
                }
                _ => Type::Number,
            };
            if x.is_null() || y.is_null() {
                return Err(null_operand());
            }
            let (Value::Number(x), Value::Number(y)) = (&x, &y) else {
                return Ok(Value::Unknown(result_ty));
            };
            Ok(match op {
                BinaryOp::Less => Value::Bool(x < y),
                BinaryOp::LessEq => Value::Bool(x <= y),
                BinaryOp::Greater => Value::Bool(x > y),
                BinaryOp::GreaterEq => Value::Bool(x >= y),
                BinaryOp::Add => Value::Number(arith::add(x, y)?),
                BinaryOp::Sub => Value::Number(arith::sub(x, y)?),
                BinaryOp::Mul => Value::Number(arith::mul(x, y)?),
                BinaryOp::Div => Value::Number(arith::div(x, y)?),
                BinaryOp::Mod => Value::Number(arith::rem(x, y)?),
                _ => unreachable!("handled above"),
            })
        }
    }
}

/// Terraform's `==`: type-strict structural equality. `None` when unknown values decide it.
pub(crate) fn equals(a: &Value, b: &Value) -> Option<bool> {
    match (a, b) {
        (Value::Unknown(_), _) | (_, Value::Unknown(_)) => return None,
        (Value::Null(_), Value::Null(_)) => return Some(true),
        (Value::Null(_), _) | (_, Value::Null(_)) => return Some(false),
        _ => {}
    }
    if !a.ty().same_as(&b.ty()) {
        return Some(false);
    }
    match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => Some(x == y),
        (Value::Number(x), Value::Number(y)) => Some(x == y),
        (Value::String(x), Value::String(y)) => Some(x == y),
        (Value::List(_, xs), Value::List(_, ys))
        | (Value::Tuple(xs), Value::Tuple(ys))
        | (Value::Set(_, xs), Value::Set(_, ys)) => {
            if xs.len() != ys.len() {
                return Some(false);
            }
            if matches!(a, Value::Set(..)) && (a.has_unknown() || b.has_unknown()) {
                return None;
            }
            let mut all = Some(true);
            for (x, y) in xs.iter().zip(ys) {
                match equals(x, y) {
                    Some(false) => return Some(false),
                    None => all = None,
                    Some(true) => {}
                }
            }
            all
        }
        (Value::Map(_, xs), Value::Map(_, ys)) | (Value::Object(xs), Value::Object(ys)) => {
            if xs.len() != ys.len() || xs.keys().ne(ys.keys()) {
                return Some(false);
            }
            let mut all = Some(true);
            for (x, y) in xs.values().zip(ys.values()) {
                match equals(x, y) {
                    Some(false) => return Some(false),
                    None => all = None,
                    Some(true) => {}
                }
            }
            all
        }
        _ => Some(false),
    }
}

/// A number value.
pub(crate) fn num(n: impl Into<Number>) -> Value {
    Value::Number(n.into())
}
