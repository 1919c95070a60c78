//! Operator arithmetic on [`Number`]s (exact, in `number.rs`), with Terraform's wording for
//! the operations that have no value.

use std::str::FromStr;

use bigdecimal::BigDecimal;

use crate::number::{ArithmeticError, Number};

use super::error::EvalError;

fn op_error(e: ArithmeticError) -> EvalError {
    // go-cty's wording for the two infinity cases.
    let msg = match e.message() {
        "can't add infinities of opposite signs" => "can't compute sum of opposing infinities",
        "can't subtract infinities of equal signs" => "can't subtract infinity from itself",
        other => other,
    };
    EvalError::new(
        "Operation failed",
        format!("Error during operation: {msg}."),
    )
}

/// `a + b`
pub(crate) fn add(a: &Number, b: &Number) -> Result<Number, EvalError> {
    a.checked_add(b).map_err(op_error)
}

/// `a - b`
pub(crate) fn sub(a: &Number, b: &Number) -> Result<Number, EvalError> {
    a.checked_sub(b).map_err(op_error)
}

/// `-a`
pub(crate) fn neg(a: &Number) -> Number {
    a.neg()
}

/// `a * b`
pub(crate) fn mul(a: &Number, b: &Number) -> Result<Number, EvalError> {
    a.checked_mul(b).map_err(op_error)
}

/// `a / b`: division by zero gives an infinity.
pub(crate) fn div(a: &Number, b: &Number) -> Result<Number, EvalError> {
    a.checked_div(b).map_err(op_error)
}

/// `a % b`: the remainder of truncated division, with the sign of `a`.
pub(crate) fn rem(a: &Number, b: &Number) -> Result<Number, EvalError> {
    if b.is_infinite() {
        return Err(EvalError::new(
            "Operation failed",
            "Error during operation: can't use modulo with zero and infinity.",
        ));
    }
    a.checked_rem(b).map_err(op_error)
}

/// The nearest `f64` (for `pow`, `log` and `format`'s float verbs).
pub(crate) fn to_f64(n: &Number) -> f64 {
    n.to_f64()
}

/// An `f64` result as Terraform shows it: a float64-precision value prints as its shortest
/// round-tripping decimal. NaN has no Terraform value.
pub(crate) fn from_f64(x: f64) -> Option<Number> {
    if x.is_nan() {
        return None;
    }
    if x.is_infinite() {
        return Some(if x < 0.0 {
            Number::neg_infinity()
        } else {
            Number::infinity()
        });
    }
    if x == 0.0 && x.is_sign_negative() {
        return Some(Number::neg_zero());
    }
    BigDecimal::from_str(&format!("{x}"))
        .ok()
        .map(Number::from_decimal)
}

/// The integer value, if the number is a whole number that fits `i64`.
pub(crate) fn to_i64(n: &Number) -> Option<i64> {
    if n.is_integer() {
        n.to_i64()
    } else {
        None
    }
}
