//! Converting call arguments to the Rust types the builtins take: one trait, [`FromArg`],
//! applying Terraform's conversion to the parameter type and wording failures as Terraform
//! does (`Invalid value for "str" parameter: string required.`).

use crate::number::Number;
use crate::types::Type;
use crate::value::Value;

use crate::eval::conv;
use crate::eval::error::{arg_error, call_error, EvalError};

/// The evaluated arguments of one call.
pub(crate) struct Args {
    name: &'static str,
    params: &'static [&'static str],
    variadic: Option<&'static str>,
    values: Vec<Value>,
}

/// A Rust type a parameter converts to.
pub(crate) trait FromArg: Sized {
    /// Converts `v`, describing a failure as cty does (`string required`).
    fn from_arg(v: &Value) -> Result<Self, String>;
}

impl Args {
    pub(crate) fn new(
        name: &'static str,
        params: &'static [&'static str],
        variadic: Option<&'static str>,
        values: Vec<Value>,
    ) -> Args {
        Args {
            name,
            params,
            variadic,
            values,
        }
    }

    /// The number of arguments.
    pub(crate) fn len(&self) -> usize {
        self.values.len()
    }

    /// The raw value of argument `i`.
    pub(crate) fn value(&self, i: usize) -> &Value {
        &self.values[i]
    }

    /// All raw values.
    pub(crate) fn values(&self) -> &[Value] {
        &self.values
    }

    /// The raw values of the variadic arguments.
    pub(crate) fn rest(&self) -> &[Value] {
        &self.values[self.params.len().min(self.values.len())..]
    }

    /// The parameter name of argument `i`.
    pub(crate) fn param(&self, i: usize) -> &'static str {
        self.params
            .get(i)
            .copied()
            .or(self.variadic)
            .unwrap_or("value")
    }

    /// Argument `i` converted to `T`.
    pub(crate) fn get<T: FromArg>(&self, i: usize) -> Result<T, EvalError> {
        T::from_arg(&self.values[i]).map_err(|e| self.bad(i, e))
    }

    /// Argument `i` as a whole number (Go's `int`): a fraction or an out-of-range value fails
    /// the call, as go-cty's conversion to `int` does.
    pub(crate) fn int(&self, i: usize) -> Result<i64, EvalError> {
        self.int_or(i, |complaint| self.fail(complaint))
    }

    /// [`Self::int`], a value that is not a whole number reported by `wording` from go-cty's
    /// complaint (functions word it their own ways: an argument error, a prefix).
    pub(crate) fn int_or(
        &self,
        i: usize,
        wording: impl FnOnce(&str) -> EvalError,
    ) -> Result<i64, EvalError> {
        let n = self.get::<Number>(i)?;
        n.to_i64().filter(|_| n.is_integer()).ok_or_else(|| {
            wording(
                "value must be a whole number, between -9223372036854775808 and \
                 9223372036854775807",
            )
        })
    }

    /// Every variadic argument converted to `T`.
    pub(crate) fn get_rest<T: FromArg>(&self) -> Result<Vec<T>, EvalError> {
        (self.params.len()..self.values.len())
            .map(|i| self.get(i))
            .collect()
    }

    /// Argument `i` converted to a Terraform type, failing as cty words it.
    pub(crate) fn convert(&self, i: usize, ty: &Type) -> Result<Value, EvalError> {
        conv::convert(&self.values[i], ty).map_err(|e| self.bad(i, e.0))
    }

    /// `Invalid value for "<param>" parameter: <msg>.`
    pub(crate) fn bad(&self, i: usize, msg: impl std::fmt::Display) -> EvalError {
        arg_error(i, self.param(i), msg)
    }

    /// `Call to function "<name>" failed: <msg>.`
    pub(crate) fn fail(&self, msg: impl std::fmt::Display) -> EvalError {
        call_error(self.name, msg)
    }
}

fn not_null(v: &Value) -> Result<(), String> {
    if v.is_null() {
        Err("argument must not be null".into())
    } else {
        Ok(())
    }
}

impl FromArg for Value {
    fn from_arg(v: &Value) -> Result<Value, String> {
        Ok(v.clone())
    }
}

impl FromArg for String {
    fn from_arg(v: &Value) -> Result<String, String> {
        not_null(v)?;
        conv::to_string(v).map_err(|e| e.0)
    }
}

impl FromArg for Number {
    fn from_arg(v: &Value) -> Result<Number, String> {
        not_null(v)?;
        match conv::convert(v, &Type::Number).map_err(|e| e.0)? {
            Value::Number(n) => Ok(n),
            _ => Err("number required".into()),
        }
    }
}

impl FromArg for bool {
    fn from_arg(v: &Value) -> Result<bool, String> {
        not_null(v)?;
        match conv::convert(v, &Type::Bool).map_err(|e| e.0)? {
            Value::Bool(b) => Ok(b),
            _ => Err("bool required".into()),
        }
    }
}

/// A whole number (cty's `Number` parameters that Terraform reads as `int`).
impl FromArg for i64 {
    fn from_arg(v: &Value) -> Result<i64, String> {
        let n = Number::from_arg(v)?;
        let d = n.as_decimal().ok_or("value must be a whole number")?;
        let whole = d.with_scale_round(0, bigdecimal::RoundingMode::Down);
        num_traits::ToPrimitive::to_i64(&whole).ok_or_else(|| "value is out of range".into())
    }
}

/// The elements of a list, set or tuple, in order.
pub(crate) struct Seq(pub Vec<Value>);

impl FromArg for Seq {
    fn from_arg(v: &Value) -> Result<Seq, String> {
        not_null(v)?;
        match v {
            Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => Ok(Seq(xs.clone())),
            _ => Err("list of any single type required".into()),
        }
    }
}

/// A list of strings (each element converted).
pub(crate) struct Strings(pub Vec<String>);

impl FromArg for Strings {
    fn from_arg(v: &Value) -> Result<Strings, String> {
        not_null(v)?;
        match v {
            // A list or set whose element type cannot become a string fails on types, as
            // go-cty words it (`incorrect list element type: string required`); a tuple is
            // checked element by element (`element 0: string required`).
            Value::List(et, _) | Value::Set(et, _)
                if !crate::convert::can_convert(et, &Type::String) =>
            {
                Err(crate::convert::mismatch_message(
                    &v.ty(),
                    &Type::list(Type::String),
                ))
            }
            Value::List(_, xs) | Value::Set(_, xs) | Value::Tuple(xs) => {
                let mut out = Vec::with_capacity(xs.len());
                for (i, x) in xs.iter().enumerate() {
                    if x.is_null() {
                        return Err(format!("element {i}: argument must not be null"));
                    }
                    out.push(conv::to_string(x).map_err(|e| format!("element {i}: {e}"))?);
                }
                Ok(Strings(out))
            }
            _ => Err("list of string required".into()),
        }
    }
}
