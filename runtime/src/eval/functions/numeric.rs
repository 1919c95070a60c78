//! Numeric functions. `pow` and `log` compute in `f64`, as Terraform does; the rest are exact.

use bigdecimal::{BigDecimal, RoundingMode};
use num_bigint::BigInt;

use crate::number::Number;
use crate::types::Type;
use crate::value::Value;

use super::args::Args;
use super::{table, Builtin};
use crate::eval::arith;
use crate::eval::conv;
use crate::eval::error::EvalError;
use crate::eval::operators::num;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "abs" => abs, ["num"];
        "ceil" => ceil, ["num"];
        "floor" => floor, ["num"];
        "signum" => signum, ["num"];
        "pow" => pow, ["num", "power"];
        "log" => log, ["num", "base"];
        "min" => min, [], ..."numbers";
        "max" => max, [], ..."numbers";
        "sum" => sum, ["list"];
        "parseint" => parseint, ["number", "base"];
    }
}

fn n(v: Number) -> Result<Value, EvalError> {
    Ok(Value::Number(v))
}

/// `abs(num)`
pub(crate) fn abs(a: &Args) -> Result<Value, EvalError> {
    let x = a.get::<Number>(0)?;
    n(if x.is_sign_negative() {
        arith::neg(&x)
    } else {
        x
    })
}

fn round(a: &Args, mode: RoundingMode) -> Result<Value, EvalError> {
    let x = a.get::<Number>(0)?;
    match x.as_decimal() {
        Some(d) => n(Number::from_decimal(
            d.with_scale_round(0, mode).normalized(),
        )),
        None => n(x),
    }
}

/// `ceil(num)`
pub(crate) fn ceil(a: &Args) -> Result<Value, EvalError> {
    round(a, RoundingMode::Ceiling)
}

/// `floor(num)`
pub(crate) fn floor(a: &Args) -> Result<Value, EvalError> {
    round(a, RoundingMode::Floor)
}

/// `signum(num)`: -1, 0 or 1.
pub(crate) fn signum(a: &Args) -> Result<Value, EvalError> {
    let x = a.get::<Number>(0)?;
    if arith::to_i64(&x).is_none() {
        return Err(a.fail(
            "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
        ));
    }
    let zero = Number::from(0);
    Ok(num(if x == zero {
        0
    } else if x.is_sign_negative() {
        -1
    } else {
        1
    }))
}

fn float_result(a: &Args, x: f64) -> Result<Value, EvalError> {
    arith::from_f64(x)
        .map(Value::Number)
        .ok_or_else(|| a.fail("the result is not a number"))
}

/// `pow(num, power)`, in `f64`.
pub(crate) fn pow(a: &Args) -> Result<Value, EvalError> {
    let x = arith::to_f64(&a.get::<Number>(0)?);
    let y = arith::to_f64(&a.get::<Number>(1)?);
    float_result(a, x.powf(y))
}

/// `log(num, base)`, in `f64`.
pub(crate) fn log(a: &Args) -> Result<Value, EvalError> {
    let x = arith::to_f64(&a.get::<Number>(0)?);
    let b = arith::to_f64(&a.get::<Number>(1)?);
    float_result(a, x.ln() / b.ln())
}

fn numbers(a: &Args) -> Result<Vec<Number>, EvalError> {
    if a.len() == 0 {
        return Err(a.fail("must pass at least one number"));
    }
    a.get_rest()
}

/// `min(numbers...)`
pub(crate) fn min(a: &Args) -> Result<Value, EvalError> {
    n(numbers(a)?.into_iter().min().expect("non-empty"))
}

/// `max(numbers...)`
pub(crate) fn max(a: &Args) -> Result<Value, EvalError> {
    n(numbers(a)?.into_iter().max().expect("non-empty"))
}

/// `sum(list)`
pub(crate) fn sum(a: &Args) -> Result<Value, EvalError> {
    let v = a.value(0);
    let items: Vec<Value> = match v {
        Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => xs.clone(),
        Value::Map(_, m) | Value::Object(m) => m.values().cloned().collect(),
        _ => return Err(a.bad(0, "cannot sum noniterable")),
    };
    if items.is_empty() {
        return Err(a.bad(0, "cannot sum an empty list"));
    }
    if !matches!(v, Value::List(..) | Value::Set(..) | Value::Tuple(..)) {
        return Err(a.bad(
            0,
            format!(
                "argument must be list, set, or tuple. Received {}",
                crate::eval::conv::friendly(&v.ty())
            ),
        ));
    }
    let mut total: Option<Number> = None;
    for x in &items {
        let n = match conv::convert(x, &Type::Number) {
            Ok(Value::Number(n)) => n,
            _ => return Err(a.bad(0, "argument must be list, set, or tuple of number values")),
        };
        total = Some(match total {
            None => n,
            Some(t) => arith::add(&t, &n)?,
        });
    }
    n(total.expect("non-empty"))
}

const DIGITS: &str = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// `parseint(number, base)`: Go's `big.Int.SetString` digits (base 2 to 62, no prefix).
pub(crate) fn parseint(a: &Args) -> Result<Value, EvalError> {
    if !matches!(a.value(0), Value::String(_)) {
        return Err(a.bad(
            0,
            format!(
                "first argument must be a string, not {}",
                crate::eval::conv::friendly(&a.value(0).ty())
            ),
        ));
    }
    let s = a.get::<String>(0)?;
    let base = a.int_or(1, |c| a.bad(1, c))?;
    if !(2..=62).contains(&base) {
        return Err(a.bad(1, "base must be a whole number between 2 and 62 inclusive"));
    }
    let invalid = || a.bad(0, format!("cannot parse {s:?} as a base {base} integer"));
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s.as_str()),
    };
    if body.is_empty() {
        return Err(invalid());
    }
    let mut value = BigInt::from(0);
    for c in body.chars() {
        let d = if base <= 36 {
            c.to_digit(36)
        } else {
            DIGITS.find(c).map(|p| p as u32)
        };
        match d {
            Some(d) if (d as i64) < base => value = value * base + d,
            _ => return Err(invalid()),
        }
    }
    if neg {
        value = -value;
    }
    n(Number::from_decimal(BigDecimal::from(value)))
}
