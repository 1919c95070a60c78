//! Unary and binary operators with Terraform's semantics: type-strict `==`, numeric-only
//! comparisons (strings converted), `&&`/`||` on bools, and evaluation order by release.

use crate::expr::{BinaryOp, Expr, UnaryOp};
use crate::number::Number;
use crate::spec::TerraformVersion;
use crate::types::Type;
use crate::value::Value;

use super::arith;
use super::conv;
use super::error::EvalError;
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
    pub(crate) fn eval_binary(
        &mut self,
        op: BinaryOp,
        lhs: &Expr,
        rhs: &Expr,
    ) -> Result<Value, EvalError> {
        if matches!(op, BinaryOp::And | BinaryOp::Or) {
            return self.eval_logical(op, lhs, rhs);
        }
        let a = self.eval(lhs)?;
        let b = self.eval(rhs)?;
        binary(op, &a, &b)
    }

    fn eval_logical(&mut self, op: BinaryOp, lhs: &Expr, rhs: &Expr) -> Result<Value, EvalError> {
        let a = self.eval(lhs)?;
        let a = operand(&a, &Type::Bool, "left")?;
        if self.version() == TerraformVersion::Latest {
            // Since 1.12 a known left operand decides the result on its own when it can.
            match (&a, op) {
                (Value::Bool(false), BinaryOp::And) => return Ok(Value::Bool(false)),
                (Value::Bool(true), BinaryOp::Or) => return Ok(Value::Bool(true)),
                _ => {}
            }
        }
        let b = self.eval(rhs)?;
        let b = operand(&b, &Type::Bool, "right")?;
        logical(op, &a, &b)
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
