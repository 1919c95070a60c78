//! Exact numbers, as Terraform keeps them.

use std::cmp::Ordering;
use std::str::FromStr;

use bigdecimal::BigDecimal;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An exact Terraform number: any integer or decimal (kept as an arbitrary-precision decimal),
/// or positive or negative infinity. There is no NaN.
#[derive(Clone)]
pub struct Number(Repr);

#[derive(Clone)]
enum Repr {
    Finite {
        value: BigDecimal,
        /// `-0` is kept apart from `0` for its text form; they compare equal.
        negative_zero: bool,
    },
    PosInf,
    NegInf,
}

impl Number {
    /// Positive infinity.
    pub const fn infinity() -> Number {
        Number(Repr::PosInf)
    }

    /// Negative infinity.
    pub const fn neg_infinity() -> Number {
        Number(Repr::NegInf)
    }

    /// Wraps a decimal.
    pub fn from_decimal(value: BigDecimal) -> Number {
        Number(Repr::Finite {
            value,
            negative_zero: false,
        })
    }

    /// The decimal value, or `None` for an infinity.
    pub fn as_decimal(&self) -> Option<&BigDecimal> {
        match &self.0 {
            Repr::Finite { value, .. } => Some(value),
            _ => None,
        }
    }

    /// True for `+Inf` and `-Inf`.
    pub fn is_infinite(&self) -> bool {
        !matches!(self.0, Repr::Finite { .. })
    }

    /// True for a negative number, `-0` and `-Inf`.
    pub fn is_sign_negative(&self) -> bool {
        match &self.0 {
            Repr::Finite {
                value,
                negative_zero,
            } => *negative_zero || value.sign() == bigdecimal::num_bigint::Sign::Minus,
            Repr::PosInf => false,
            Repr::NegInf => true,
        }
    }

    /// Parses JSON number syntax (`-?int frac? exp?`) exactly.
    pub fn parse_json(text: &str) -> Option<Number> {
        if !is_json_number(text) {
            return None;
        }
        let value = BigDecimal::from_str(text).ok()?;
        let negative_zero = text.starts_with('-') && value.sign() == bigdecimal::num_bigint::Sign::NoSign;
        Some(Number(Repr::Finite {
            value: value.normalized(),
            negative_zero,
        }))
    }

    /// The number as Terraform prints it when converting to a string: plain decimal notation,
    /// no exponent, no trailing zeros (`1e3` → `1000`, `1.50` → `1.5`, `-0` → `-0`).
    pub fn to_terraform_string(&self) -> String {
        match &self.0 {
            Repr::PosInf => "+Inf".to_string(),
            Repr::NegInf => "-Inf".to_string(),
            Repr::Finite {
                value,
                negative_zero,
            } => {
                if *negative_zero {
                    return "-0".to_string();
                }
                value.normalized().to_plain_string()
            }
        }
    }
}

fn is_json_number(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(c) if c.is_ascii_digit() => {
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        let start = i;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == start {
            return false;
        }
    }
    i == b.len()
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Number {}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        match (&self.0, &other.0) {
            (Repr::NegInf, Repr::NegInf) | (Repr::PosInf, Repr::PosInf) => Ordering::Equal,
            (Repr::NegInf, _) | (_, Repr::PosInf) => Ordering::Less,
            (_, Repr::NegInf) | (Repr::PosInf, _) => Ordering::Greater,
            (Repr::Finite { value: a, .. }, Repr::Finite { value: b, .. }) => a.cmp(b),
        }
    }
}

impl std::hash::Hash for Number {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match &self.0 {
            Repr::Finite { value, .. } => value.normalized().to_string().hash(state),
            Repr::PosInf => "+Inf".hash(state),
            Repr::NegInf => "-Inf".hash(state),
        }
    }
}

impl std::fmt::Debug for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_terraform_string())
    }
}

impl std::fmt::Display for Number {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_terraform_string())
    }
}

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_terraform_string())
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        let text = String::deserialize(d)?;
        match text.as_str() {
            "+Inf" => Ok(Number::infinity()),
            "-Inf" => Ok(Number::neg_infinity()),
            "-0" => Ok(Number(Repr::Finite {
                value: BigDecimal::from(0),
                negative_zero: true,
            })),
            _ => BigDecimal::from_str(&text)
                .map(Number::from_decimal)
                .map_err(serde::de::Error::custom),
        }
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Number {
            fn from(n: $t) -> Number {
                Number::from_decimal(BigDecimal::from(n))
            }
        }
    )*};
}
from_int!(i8, i16, i32, i64, i128, u8, u16, u32, u64, u128);

impl From<usize> for Number {
    fn from(n: usize) -> Number {
        Number::from(n as u64)
    }
}

impl From<isize> for Number {
    fn from(n: isize) -> Number {
        Number::from(n as i64)
    }
}
