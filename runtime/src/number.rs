//! Exact numbers, as Terraform keeps them.
//!
//! Terraform stores a number as a Go `big.Float` with a 512-bit mantissa (about 154 decimal
//! digits) and prints it as the shortest decimal that rounds back to it. This type stores that
//! shortest decimal, as an arbitrary-precision decimal:
//!
//! - a number of up to 150 significant digits (every number a person writes: `0.1`,
//!   `9007199254740993`, 60-digit integers, `1e400`, `1e-400`) is kept exactly as written, which
//!   is also exactly what Terraform prints for it;
//! - a longer literal, and every arithmetic result, is rounded to the nearest 512-bit float
//!   (half to even) and kept as that float's shortest decimal, as Terraform prints it
//!   (`1/3` is `0.333…335` with 155 digits; a 201-digit integer keeps 155 digits, then zeros).
//!
//! Where this can still differ from Terraform: an operation on a rounded (over-150-digit)
//! operand starts from its shortest decimal rather than from the binary float itself, so a chain
//! of such operations may differ in the last digit.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use bigdecimal::BigDecimal;
use num_bigint::{BigInt, Sign};
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An exact Terraform number: any integer or decimal (kept as an arbitrary-precision decimal),
/// or positive or negative infinity. There is no NaN.
#[derive(Clone)]
pub struct Number(Repr);

#[derive(Clone)]
enum Repr {
    Finite {
        /// Always normalised (no trailing zeros in the coefficient).
        value: BigDecimal,
        /// `-0` is kept apart from `0` for its text form; they compare equal.
        negative_zero: bool,
    },
    PosInf,
    NegInf,
}

// Decimals with at most this many significant digits are exactly what Terraform prints for
// them: two such decimals are always further apart than two neighbouring 512-bit floats.
const CANONICAL_DIGITS: u64 = 150;

// Above this decimal exponent, a number of more than CANONICAL_DIGITS significant digits is
// rounded to that many decimal digits instead of exactly to 512 bits (see `Number::finite`).
const EXACT_ROUNDING_SCALE: u64 = 20_000;

/// Go's `big.MaxExp`: a binary exponent above it overflows to infinity.
const MAX_EXP2: i64 = i32::MAX as i64;
/// Go's `big.MinExp`: a binary exponent below it underflows to zero.
const MIN_EXP2: i64 = i32::MIN as i64;

/// An arithmetic operation with no Terraform result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArithmeticError {
    message: &'static str,
}

impl ArithmeticError {
    /// Terraform's wording, e.g. `can't divide zero by zero or infinity by infinity`.
    pub fn message(&self) -> &str {
        self.message
    }
}

impl fmt::Display for ArithmeticError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message)
    }
}

impl std::error::Error for ArithmeticError {}

/// A float that is not finite (NaN or an infinity) cannot become a `Number` through `TryFrom`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NonFiniteFloat;

impl fmt::Display for NonFiniteFloat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number must be finite")
    }
}

impl std::error::Error for NonFiniteFloat {}

impl Number {
    /// Positive infinity.
    pub const fn infinity() -> Number {
        Number(Repr::PosInf)
    }

    /// Negative infinity.
    pub const fn neg_infinity() -> Number {
        Number(Repr::NegInf)
    }

    /// Zero.
    pub fn zero() -> Number {
        Number::from_decimal(BigDecimal::zero())
    }

    /// Negative zero: equal to zero, printed `-0`.
    pub fn neg_zero() -> Number {
        Number(Repr::Finite {
            value: BigDecimal::zero(),
            negative_zero: true,
        })
    }

    /// Wraps a decimal.
    pub fn from_decimal(value: BigDecimal) -> Number {
        Number(Repr::Finite {
            value: value.normalized(),
            negative_zero: false,
        })
    }

    // A finite result: kept as is when it has at most CANONICAL_DIGITS significant digits
    // (then it is already the shortest decimal for its 512-bit float), else rounded to 512 bits
    // as Terraform does.
    fn finite(value: BigDecimal, negative: bool) -> Number {
        let value = value.normalized();
        let digits = value.digits();
        if let Some(beyond) = beyond_range(&value, digits, value.sign() == Sign::Minus) {
            return beyond;
        }
        if digits > CANONICAL_DIGITS {
            let (c, scale) = value.as_bigint_and_exponent();
            if scale.unsigned_abs() > EXACT_ROUNDING_SCALE {
                // Rounding exactly to 512 bits would compute with numbers of about
                // 3.3 × |scale| bits, minutes for the `e78901234` a file may hold; rounding to
                // CANONICAL_DIGITS decimal digits is immediate, and differs from Terraform's
                // result only in its last few digits.
                let prec = std::num::NonZeroU64::new(CANONICAL_DIGITS).expect("non-zero");
                let rounded = value.with_precision_round(prec, bigdecimal::RoundingMode::HalfEven);
                return Number::finite_exact(rounded, negative);
            }
            let (num, den) = if scale <= 0 {
                (c.abs() * pow10(scale.unsigned_abs()), BigInt::one())
            } else {
                (c.abs(), pow10(scale as u64))
            };
            return float512::round(value.sign() == Sign::Minus, &num, &den);
        }
        Number::finite_exact(value, negative)
    }

    /// `digits` (`123`, `0.50`: digits, and a point between digits) when it has at most 18
    /// digits, built directly in normal form; `None` otherwise.
    fn small_decimal(digits: &[u8], negative: bool) -> Option<Number> {
        let mut coefficient: i64 = 0;
        let mut count = 0;
        let mut scale: i64 = 0;
        let mut point = None;
        for (at, &c) in digits.iter().enumerate() {
            match c {
                b'0'..=b'9' => {
                    count += 1;
                    if count > 18 {
                        return None;
                    }
                    coefficient = coefficient * 10 + i64::from(c - b'0');
                    if point.is_some() {
                        scale += 1;
                    }
                }
                b'.' if point.is_none() && at > 0 && at + 1 < digits.len() => point = Some(at),
                _ => return None,
            }
        }
        if count == 0 {
            return None;
        }
        if coefficient == 0 {
            return Some(Number::finite_exact(BigDecimal::zero(), negative));
        }
        while coefficient % 10 == 0 {
            coefficient /= 10;
            scale -= 1;
        }
        let signed = if negative { -coefficient } else { coefficient };
        Some(Number(Repr::Finite {
            value: BigDecimal::new(BigInt::from(signed), scale),
            negative_zero: false,
        }))
    }

    fn finite_exact(value: BigDecimal, negative: bool) -> Number {
        let value = value.normalized();
        let negative_zero = negative && value.is_zero();
        Number(Repr::Finite {
            value,
            negative_zero,
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

    /// True for `0` and `-0`.
    pub fn is_zero(&self) -> bool {
        matches!(&self.0, Repr::Finite { value, .. } if value.is_zero())
    }

    /// True for a negative number, `-0` and `-Inf`.
    pub fn is_sign_negative(&self) -> bool {
        match &self.0 {
            Repr::Finite {
                value,
                negative_zero,
            } => *negative_zero || value.sign() == Sign::Minus,
            Repr::PosInf => false,
            Repr::NegInf => true,
        }
    }

    /// True for a finite whole number (`-0`, `3`, `1e400`).
    pub fn is_integer(&self) -> bool {
        match &self.0 {
            Repr::Finite { value, .. } => value.is_integer(),
            _ => false,
        }
    }

    /// The whole number as a big integer, or `None` if the number has a fraction or is infinite.
    pub fn to_bigint(&self) -> Option<BigInt> {
        match &self.0 {
            Repr::Finite { value, .. } if value.is_integer() => {
                let (digits, scale) = value.as_bigint_and_exponent();
                // Normalised integers have scale <= 0.
                Some(digits * pow10(u64::try_from(-scale).ok()?))
            }
            _ => None,
        }
    }

    /// The number as an `i64`, if it is a whole number in range.
    pub fn to_i64(&self) -> Option<i64> {
        self.small_int()?.to_i64()
    }

    /// The number as a `u64`, if it is a whole number in range.
    pub fn to_u64(&self) -> Option<u64> {
        self.small_int()?.to_u64()
    }

    /// The number as a `usize`, if it is a whole number in range.
    pub fn to_usize(&self) -> Option<usize> {
        self.small_int()?.to_usize()
    }

    /// The number as an `i128`, if it is a whole number in range.
    pub fn to_i128(&self) -> Option<i128> {
        self.small_int()?.to_i128()
    }

    // Like `to_bigint`, but refuses huge exponents before expanding them.
    fn small_int(&self) -> Option<BigInt> {
        let d = self.as_decimal()?;
        if d.is_integer() && d.order_of_magnitude() <= 40 {
            self.to_bigint()
        } else {
            None
        }
    }

    /// The nearest `f64` (for functions Terraform computes in `float64`, such as `pow` and
    /// `log`). Out-of-range magnitudes become infinities or zeros.
    pub fn to_f64(&self) -> f64 {
        match &self.0 {
            Repr::PosInf => f64::INFINITY,
            Repr::NegInf => f64::NEG_INFINITY,
            Repr::Finite {
                value,
                negative_zero,
            } => {
                if *negative_zero {
                    return -0.0;
                }
                let m = value.order_of_magnitude();
                if m > 400 {
                    return if value.sign() == Sign::Minus {
                        f64::NEG_INFINITY
                    } else {
                        f64::INFINITY
                    };
                }
                if m < -400 {
                    return if value.sign() == Sign::Minus {
                        -0.0
                    } else {
                        0.0
                    };
                }
                // Rust's float parser rounds correctly.
                value.to_scientific_notation().parse().unwrap_or(0.0)
            }
        }
    }

    /// Parses a number as Go's `big.ParseFloat(s, 10, 512, ToNearestEven)` does, which is how
    /// Terraform converts a string to a number: an optional sign, decimal digits with at most one
    /// `.` (`.5` and `5.` are fine), an optional exponent `e`/`E` (power of ten) or `p`/`P`
    /// (power of two), or `Inf`/`inf` with an optional sign. No spaces, hex, `_`, `Infinity` or
    /// `NaN`. Exponents beyond Go's range are rejected, magnitudes beyond it become infinities
    /// or zeros, as in Go.
    pub fn parse(text: &str) -> Option<Number> {
        match text {
            "Inf" | "inf" | "+Inf" | "+inf" => return Some(Number::infinity()),
            "-Inf" | "-inf" => return Some(Number::neg_infinity()),
            _ => {}
        }
        let b = text.as_bytes();
        let mut i = 0;
        let negative = match b.first() {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        // Plain decimals of at most 18 digits (most numbers a file holds) skip the big-number
        // arithmetic; the result is the same.
        if let Some(n) = Number::small_decimal(&b[i..], negative) {
            return Some(n);
        }
        let mut digits = String::new();
        let mut frac_digits: i64 = 0;
        let mut seen_point = false;
        while let Some(&c) = b.get(i) {
            match c {
                b'0'..=b'9' => {
                    digits.push(c as char);
                    if seen_point {
                        frac_digits += 1;
                    }
                }
                b'.' if !seen_point => seen_point = true,
                _ => break,
            }
            i += 1;
        }
        if digits.is_empty() {
            return None;
        }
        let mut exp: i64 = 0;
        let mut binary = false;
        if let Some(&c) = b.get(i) {
            match c {
                b'e' | b'E' => {}
                b'p' | b'P' => binary = true,
                _ => return None,
            }
            i += 1;
            let exp_negative = match b.get(i) {
                Some(b'-') => {
                    i += 1;
                    true
                }
                Some(b'+') => {
                    i += 1;
                    false
                }
                _ => false,
            };
            let start = i;
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            if i == start || i != b.len() {
                return None;
            }
            exp = text[start..i].parse::<i64>().ok()?;
            if exp_negative {
                exp = -exp;
            }
        }
        if !binary {
            shorten_digits(&mut digits, &mut frac_digits);
        }
        let mantissa = BigInt::from_str(&digits).ok()?;
        Number::from_parts(negative, mantissa, frac_digits, exp, binary)
    }

    // sign × mantissa × 10^-frac_digits × (2 or 10)^exp, with Go's exponent range rules.
    fn from_parts(
        negative: bool,
        mantissa: BigInt,
        frac_digits: i64,
        exp: i64,
        binary: bool,
    ) -> Option<Number> {
        if mantissa.is_zero() {
            return Some(Number::finite(BigDecimal::zero(), negative));
        }
        // Go's scan: the binary exponent of mantissa × 2^(exp - frac) must fit in an int32, or
        // parsing fails with "exponent overflow".
        let exp2 = (mantissa.bits() as i64)
            .checked_sub(frac_digits)?
            .checked_add(exp)?;
        if !(MIN_EXP2..=MAX_EXP2).contains(&exp2) {
            return None;
        }
        let decimal = if binary {
            let base = BigDecimal::new(mantissa, frac_digits);
            if exp.unsigned_abs() > EXACT_ROUNDING_SCALE {
                // 2^exp exactly has |exp| × 0.3 digits (`7p4444447` took seconds, `1p2000000000`
                // gigabytes); to CANONICAL_DIGITS it is immediate, like the rounding above.
                base * pow2_rounded(exp)
            } else if exp >= 0 {
                base * BigDecimal::from(BigInt::one() << (exp as u64))
            } else {
                // 2^-n = 5^n × 10^-n
                let n = exp.unsigned_abs();
                let five = num_traits::pow(BigInt::from(5), usize::try_from(n).ok()?);
                base * BigDecimal::new(five, n as i64)
            }
        } else {
            BigDecimal::new(mantissa, frac_digits.checked_sub(exp)?)
        };
        // The value's binary magnitude must also fit, or Go rounds to infinity or zero
        // ([`Number::finite`] sees to it).
        let decimal = if negative { -decimal } else { decimal };
        Some(Number::finite(decimal, negative))
    }

    /// Parses JSON number syntax (`-?int frac? exp?`) exactly, as Terraform's JSON parser does.
    pub fn parse_json(text: &str) -> Option<Number> {
        if !is_json_number(text) {
            return None;
        }
        Number::parse(text)
    }

    /// The number as Terraform prints it when converting to a string (Go's
    /// `Text('f', -1)`): plain decimal notation, no exponent, no trailing zeros (`1e3` → `1000`,
    /// `1.50` → `1.5`, `-0` → `-0`, infinities as `+Inf` and `-Inf`).
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
                let (digits, scale) = value.as_bigint_and_scale();
                small_plain_text(&digits, scale).unwrap_or_else(|| value.to_plain_string())
            }
        }
    }

    /// The number as a JSON number that reads back exactly: plain notation for ordinary
    /// magnitudes, exponent notation when that is much shorter (`1e400`, `1.5e-300`).
    /// `None` for an infinity, which JSON cannot hold.
    pub fn to_json_string(&self) -> Option<String> {
        match &self.0 {
            Repr::PosInf | Repr::NegInf => None,
            Repr::Finite {
                value,
                negative_zero,
            } => {
                if *negative_zero {
                    return Some("-0".to_string());
                }
                let (digits, scale) = value.as_bigint_and_scale();
                if let Some(text) = small_plain_text(&digits, scale) {
                    return Some(text);
                }
                let coefficient = digits.abs().to_string();
                let n = coefficient.len() as i64;
                if plain_padding(n, scale) <= PLAIN_PADDING_MAX {
                    return Some(value.to_plain_string());
                }
                let mut out = String::new();
                if digits.sign() == Sign::Minus {
                    out.push('-');
                }
                out.push_str(&coefficient[..1]);
                if n > 1 {
                    out.push('.');
                    out.push_str(&coefficient[1..]);
                }
                out.push('e');
                out.push_str(&(n - 1 - scale).to_string());
                Some(out)
            }
        }
    }

    /// Go's `big.Float.String()`, that is `Text('g', 10)`: ten significant digits, exponent
    /// form outside `1e-4 ≤ |x| < 1e10` (`1e+21`, `1.5e-05`). cty identifies and orders set
    /// elements by this text. Rounding to ten digits starts from this number's decimal form,
    /// where Go starts from the binary float, so an exact tie at the eleventh digit may round
    /// the other way.
    pub fn to_go_string(&self) -> String {
        let (value, negative_zero) = match &self.0 {
            Repr::PosInf => return "+Inf".into(),
            Repr::NegInf => return "-Inf".into(),
            Repr::Finite {
                value,
                negative_zero,
            } => (value, *negative_zero),
        };
        if value.is_zero() {
            return if negative_zero { "-0" } else { "0" }.into();
        }
        let (coefficient, scale) = value.as_bigint_and_exponent();
        let mut digits: Vec<u8> = coefficient.abs().to_string().into_bytes();
        // 0.DIGITS × 10^exp
        let mut exp = digits.len() as i64 - scale;
        const PREC: usize = 10;
        if digits.len() > PREC {
            let up = if digits[PREC] == b'5' && PREC + 1 == digits.len() {
                (digits[PREC - 1] - b'0') & 1 != 0
            } else {
                digits[PREC] >= b'5'
            };
            digits.truncate(PREC);
            if up {
                let mut i = PREC;
                while i > 0 && digits[i - 1] == b'9' {
                    i -= 1;
                }
                if i == 0 {
                    digits = vec![b'1'];
                    exp += 1;
                } else {
                    digits[i - 1] += 1;
                    digits.truncate(i);
                }
            }
        }
        while digits.last() == Some(&b'0') {
            digits.pop();
        }
        let n = digits.len() as i64;
        let mut eprec = PREC as i64;
        if eprec > n && n >= exp {
            eprec = n;
        }
        let mut out = String::new();
        if value.sign() == Sign::Minus {
            out.push('-');
        }
        let text = |d: &[u8]| String::from_utf8_lossy(d).into_owned();
        let x = exp - 1;
        if x < -4 || x >= eprec {
            out.push(digits[0] as char);
            if n > 1 {
                out.push('.');
                out.push_str(&text(&digits[1..]));
            }
            out.push('e');
            out.push(if x < 0 { '-' } else { '+' });
            out.push_str(&format!("{:02}", x.unsigned_abs()));
        } else if exp <= 0 {
            out.push_str("0.");
            out.extend(std::iter::repeat_n('0', (-exp) as usize));
            out.push_str(&text(&digits));
        } else if exp >= n {
            out.push_str(&text(&digits));
            out.extend(std::iter::repeat_n('0', (exp - n) as usize));
        } else {
            out.push_str(&text(&digits[..exp as usize]));
            out.push('.');
            out.push_str(&text(&digits[exp as usize..]));
        }
        out
    }

    /// `-self`.
    pub fn neg(&self) -> Number {
        match &self.0 {
            Repr::PosInf => Number::neg_infinity(),
            Repr::NegInf => Number::infinity(),
            Repr::Finite {
                value,
                negative_zero,
            } => {
                if value.is_zero() {
                    Number::finite(BigDecimal::zero(), !*negative_zero)
                } else {
                    Number::finite(-value, false)
                }
            }
        }
    }

    /// The absolute value.
    pub fn abs(&self) -> Number {
        if self.is_sign_negative() {
            self.neg()
        } else {
            self.clone()
        }
    }

    /// `self + other`. `+Inf + -Inf` has no value and is an error, as in Terraform.
    pub fn checked_add(&self, other: &Number) -> Result<Number, ArithmeticError> {
        match (&self.0, &other.0) {
            (Repr::PosInf, Repr::NegInf) | (Repr::NegInf, Repr::PosInf) => Err(ArithmeticError {
                message: "can't add infinities of opposite signs",
            }),
            (Repr::PosInf, _) | (_, Repr::PosInf) => Ok(Number::infinity()),
            (Repr::NegInf, _) | (_, Repr::NegInf) => Ok(Number::neg_infinity()),
            (Repr::Finite { value: a, .. }, Repr::Finite { value: b, .. }) => {
                // A term more than 200 orders of magnitude below the other is less than half a
                // 512-bit ulp of it (2^-512 is about 1e-154), so the rounded sum is the larger
                // term, as in Go; adding exactly would first scale the smaller term to the
                // larger's exponent (10^89012490 digits for `1234E89012490 + 1`).
                match (a.is_zero(), b.is_zero()) {
                    (true, false) => return Ok(other.clone()),
                    (false, true) => return Ok(self.clone()),
                    (false, false) => {
                        let gap = a.order_of_magnitude() - b.order_of_magnitude();
                        if gap > 200 {
                            return Ok(self.clone());
                        }
                        if gap < -200 {
                            return Ok(other.clone());
                        }
                    }
                    (true, true) => {}
                }
                let sum = a + b;
                // An exact zero sum is -0 only when both operands are -0 (round to nearest).
                let negative = sum.is_zero() && self.is_sign_negative() && other.is_sign_negative();
                Ok(Number::finite(sum, negative))
            }
        }
    }

    /// `self - other`. `+Inf - +Inf` has no value and is an error.
    pub fn checked_sub(&self, other: &Number) -> Result<Number, ArithmeticError> {
        self.checked_add(&other.neg()).map_err(|_| ArithmeticError {
            message: "can't subtract infinities of equal signs",
        })
    }

    /// `self * other`. `0 × Inf` has no value and is an error.
    pub fn checked_mul(&self, other: &Number) -> Result<Number, ArithmeticError> {
        let negative = self.is_sign_negative() != other.is_sign_negative();
        match (&self.0, &other.0) {
            (Repr::Finite { value: a, .. }, Repr::Finite { value: b, .. }) => {
                Ok(Number::finite(a * b, negative))
            }
            _ if self.is_zero() || other.is_zero() => Err(ArithmeticError {
                message: "can't multiply zero by infinity",
            }),
            _ if negative => Ok(Number::neg_infinity()),
            _ => Ok(Number::infinity()),
        }
    }

    /// `self / other` as Terraform computes it: `x/0` is ±Inf, `0/0` and `Inf/Inf` are errors,
    /// and the quotient is rounded to 512 bits (`1/3` is `0.333…335`).
    pub fn checked_div(&self, other: &Number) -> Result<Number, ArithmeticError> {
        let negative = self.is_sign_negative() != other.is_sign_negative();
        let inf = |negative: bool| {
            if negative {
                Number::neg_infinity()
            } else {
                Number::infinity()
            }
        };
        match (&self.0, &other.0) {
            (Repr::Finite { value: a, .. }, Repr::Finite { value: b, .. }) => {
                if b.is_zero() {
                    if a.is_zero() {
                        return Err(ArithmeticError {
                            message: "can't divide zero by zero or infinity by infinity",
                        });
                    }
                    return Ok(inf(negative));
                }
                Ok(divide(a, b))
            }
            (Repr::Finite { .. }, _) => Ok(Number::finite(BigDecimal::zero(), negative)),
            (_, Repr::Finite { .. }) => Ok(inf(negative)),
            _ => Err(ArithmeticError {
                message: "can't divide zero by zero or infinity by infinity",
            }),
        }
    }

    /// `self % other` as Terraform computes it: `self - trunc(self / other) × other`, each step
    /// rounded to 512 bits, so the sign is that of `self` (`-5 % 3` is `-2`) and operands far
    /// apart in magnitude give what Terraform gives (`1e400 % 7` is `0`). `x % 0` is `x`; `x % ±Inf` is `x`;
    /// `±Inf % y` is an infinity with the sign of the product.
    pub fn checked_rem(&self, other: &Number) -> Result<Number, ArithmeticError> {
        if self.is_infinite() {
            return self.checked_mul(other);
        }
        if other.is_infinite() || other.is_zero() {
            return Ok(self.clone());
        }
        // As cty computes it: the rounded quotient, truncated, times the divisor, subtracted.
        let quotient = self.checked_div(other)?.trunc();
        let sub = quotient.checked_mul(other)?;
        self.checked_sub(&sub)
    }

    /// The largest whole number not above `self` (infinities unchanged).
    pub fn floor(&self) -> Number {
        self.round_with(bigdecimal::RoundingMode::Floor)
    }

    /// The smallest whole number not below `self` (infinities unchanged).
    pub fn ceil(&self) -> Number {
        self.round_with(bigdecimal::RoundingMode::Ceiling)
    }

    /// The whole part, rounded toward zero (infinities unchanged).
    pub fn trunc(&self) -> Number {
        self.round_with(bigdecimal::RoundingMode::Down)
    }

    fn round_with(&self, mode: bigdecimal::RoundingMode) -> Number {
        match &self.0 {
            // |x| < 1, possibly with millions of fraction digits that rounding would first
            // scale away: the whole part is 0, or ±1 away from zero for floor and ceiling.
            Repr::Finite { value, .. } if !value.is_zero() && value.order_of_magnitude() < 0 => {
                let negative = self.is_sign_negative();
                match (mode, negative) {
                    (bigdecimal::RoundingMode::Floor, true) => Number::from(-1),
                    (bigdecimal::RoundingMode::Ceiling, false) => Number::from(1),
                    _ => Number::finite_exact(BigDecimal::zero(), negative),
                }
            }
            Repr::Finite { value, .. } if !value.is_integer() => {
                let negative = self.is_sign_negative();
                Number::finite(value.with_scale_round(0, mode), negative)
            }
            _ => self.clone(),
        }
    }
}

/// A result of magnitude `value` (of `digits` significant digits) past Go's `big.Float` exponent
/// range, as Go gives it: above it infinity, below it zero, each with the sign `negative`
/// (`1e400000000 * 1e400000000` is `+Inf`, `1e-400000000 * 1e-400000000` is `0`); `None` for a
/// value within the range. The magnitude is that of the next power of ten up, as the parser
/// judges a literal's.
fn beyond_range(value: &BigDecimal, digits: u64, negative: bool) -> Option<Number> {
    if value.is_zero() {
        return None;
    }
    // A decimal exponent below 600 million in size, with fewer digits than that, is well
    // within 2^±2147483647 (10^±646456993): no need to work the magnitude out.
    if value.fractional_digit_count().unsigned_abs() < 600_000_000 && digits < 1_000_000 {
        return None;
    }
    let log2 = (value.order_of_magnitude() as f64 + 1.0) * std::f64::consts::LOG2_10;
    if log2 > MAX_EXP2 as f64 {
        return Some(if negative {
            Number::neg_infinity()
        } else {
            Number::infinity()
        });
    }
    if log2 < MIN_EXP2 as f64 {
        return Some(Number::finite_exact(BigDecimal::zero(), negative));
    }
    None
}

fn pow10(n: u64) -> BigInt {
    num_traits::pow(BigInt::from(10), n as usize)
}

// a / b, as Go's `big.Float.Quo` at 512 bits gives it, in its shortest decimal form.
fn divide(a: &BigDecimal, b: &BigDecimal) -> Number {
    let negative = (a.sign() == Sign::Minus) != (b.sign() == Sign::Minus);
    let (ma, sa) = a.as_bigint_and_exponent();
    let (mb, sb) = b.as_bigint_and_exponent();
    // a / b = ma × 10^-sa / (mb × 10^-sb) = ma × 10^(sb - sa) / mb
    if (sb - sa).unsigned_abs() > EXACT_ROUNDING_SCALE {
        return divide_far(negative, &ma, &mb, sb - sa);
    }
    let (num, den) = if sb >= sa {
        (ma.abs() * pow10((sb - sa) as u64), mb.abs())
    } else {
        (ma.abs(), mb.abs() * pow10((sa - sb) as u64))
    };
    float512::round(negative, &num, &den)
}

// ma × 10^shift / mb when |shift| is too large to scale exactly (see `Number::finite`): the
// quotient of the mantissas to 170 digits, shifted by the exponent, rounded to
// CANONICAL_DIGITS digits; beyond Go's exponent range, infinity or zero as in Go.
fn divide_far(negative: bool, ma: &BigInt, mb: &BigInt, shift: i64) -> Number {
    let (na, nb) = (ma.abs(), mb.abs());
    let digits = |n: &BigInt| n.to_string().len() as i64;
    let k = (170 + digits(&nb) - digits(&na)).max(0);
    let q = na * pow10(k as u64) / nb;
    let value = BigDecimal::new(q, k - shift);
    if let Some(beyond) = beyond_range(&value, value.digits(), negative) {
        return beyond;
    }
    let prec = std::num::NonZeroU64::new(CANONICAL_DIGITS).expect("non-zero");
    let rounded = value.with_precision_round(prec, bigdecimal::RoundingMode::HalfEven);
    Number::finite_exact(if negative { -rounded } else { rounded }, negative)
}

/// Go's `big.Float` at 512 bits: rounding an exact rational to the nearest 512-bit binary
/// float (half to even), and printing it as the shortest decimal that rounds back to it, as
/// `Text('f', -1)` does.
mod float512 {
    use bigdecimal::BigDecimal;
    use num_bigint::BigInt;
    use num_traits::{One, Zero};

    use super::{Number, MAX_EXP2, MIN_EXP2};

    const PREC: u64 = 512;

    /// ±num/den (num, den > 0 or num = 0) rounded to 512 bits, as a number.
    pub(super) fn round(negative: bool, num: &BigInt, den: &BigInt) -> Number {
        if num.is_zero() {
            return Number::finite_exact(BigDecimal::zero(), negative);
        }
        let mut e: i64 = num.bits() as i64 - den.bits() as i64 - PREC as i64;
        let (mut m, mut r, mut d2);
        loop {
            let (n2, dd) = if e <= 0 {
                (num << ((-e) as u64), den.clone())
            } else {
                (num.clone(), den << (e as u64))
            };
            m = &n2 / &dd;
            r = &n2 % &dd;
            d2 = dd;
            let bits = m.bits();
            if bits > PREC {
                e += 1;
            } else if bits < PREC {
                e -= 1;
            } else {
                break;
            }
        }
        let twice: BigInt = &r << 1u32;
        let odd = (&m & BigInt::one()) == BigInt::one();
        if twice > d2 || (twice == d2 && odd) {
            m += 1;
            if m.bits() > PREC {
                m >>= 1u32;
                e += 1;
            }
        }
        // Go keeps x = 0.mant × 2^exp with exp = e + PREC in an int32.
        if e + PREC as i64 > MAX_EXP2 {
            return if negative {
                Number::neg_infinity()
            } else {
                Number::infinity()
            };
        }
        if e + (PREC as i64) < MIN_EXP2 {
            return Number::finite_exact(BigDecimal::zero(), negative);
        }
        let value = shortest(&m, e);
        Number::finite_exact(if negative { -value } else { value }, negative)
    }

    /// Decimal digits (no leading or trailing zeros) and the position of the decimal point:
    /// the value is 0.DIGITS × 10^exp.
    struct Decimal {
        digits: Vec<u8>,
        exp: i64,
    }

    impl Decimal {
        // m × 2^shift, exactly.
        fn new(m: &BigInt, shift: i64) -> Decimal {
            let text = if shift >= 0 {
                (m << (shift as u64)).to_string()
            } else {
                let n = (-shift) as usize;
                (m * num_traits::pow(BigInt::from(5), n)).to_string()
            };
            let mut digits = text.into_bytes();
            let mut exp = digits.len() as i64;
            if shift < 0 {
                exp += shift;
            }
            while digits.last() == Some(&b'0') {
                digits.pop();
            }
            if digits.is_empty() {
                exp = 0;
            }
            Decimal { digits, exp }
        }

        fn at(&self, i: usize) -> u8 {
            self.digits.get(i).copied().unwrap_or(b'0')
        }

        fn round_down(&mut self, n: usize) {
            self.digits.truncate(n);
            self.trim();
        }

        fn round_up(&mut self, n: usize) {
            let mut n = n.min(self.digits.len());
            while n > 0 && self.digits[n - 1] >= b'9' {
                n -= 1;
            }
            if n == 0 {
                self.digits = vec![b'1'];
                self.exp += 1;
                return;
            }
            self.digits[n - 1] += 1;
            self.digits.truncate(n);
        }

        fn round(&mut self, n: usize) {
            if n >= self.digits.len() {
                return;
            }
            let up = if self.digits[n] == b'5' && n + 1 == self.digits.len() {
                n > 0 && (self.digits[n - 1] - b'0') & 1 != 0
            } else {
                self.digits[n] >= b'5'
            };
            if up {
                self.round_up(n);
            } else {
                self.round_down(n);
            }
        }

        fn trim(&mut self) {
            while self.digits.last() == Some(&b'0') {
                self.digits.pop();
            }
            if self.digits.is_empty() {
                self.exp = 0;
            }
        }

        fn to_decimal(&self) -> BigDecimal {
            if self.digits.is_empty() {
                return BigDecimal::zero();
            }
            let digits = std::str::from_utf8(&self.digits).unwrap_or("0");
            let coefficient: BigInt = digits.parse().unwrap_or_default();
            BigDecimal::new(coefficient, self.digits.len() as i64 - self.exp)
        }
    }

    // Go's roundShortest for x = m × 2^e with m of PREC bits.
    fn shortest(m: &BigInt, e: i64) -> BigDecimal {
        let mut d = Decimal::new(m, e);
        let mant: BigInt = m << 1u32;
        let exp = e - 1;
        let lower = Decimal::new(&(&mant - 1), exp);
        let upper = Decimal::new(&(&mant + 1), exp);
        let inclusive = (m & BigInt::one()).is_zero();
        for i in 0..d.digits.len() {
            let l = lower.at(i);
            let c = d.digits[i];
            let u = upper.at(i);
            let okdown = l != c || inclusive && i + 1 == lower.digits.len();
            let okup = c != u && (inclusive || c + 1 < u || i + 1 < upper.digits.len());
            if okdown && okup {
                d.round(i + 1);
                break;
            } else if okdown {
                d.round_down(i + 1);
                break;
            } else if okup {
                d.round_up(i + 1);
                break;
            }
        }
        d.to_decimal()
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
            // Normalised, so equal numbers have equal parts (and -0 hashes like 0).
            Repr::Finite { value, .. } => value.as_bigint_and_exponent().hash(state),
            Repr::PosInf => "+Inf".hash(state),
            Repr::NegInf => "-Inf".hash(state),
        }
    }
}

impl Number {
    // The compact exact form: the JSON text, or `+Inf`/`-Inf`. Unlike the plain decimal text it
    // stays short for `1e400000000`.
    fn compact(&self) -> String {
        self.to_json_string()
            .unwrap_or_else(|| self.to_terraform_string())
    }
}

/// The compact exact form (`1e400`, `0.5`, `+Inf`).
impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.compact())
    }
}

/// Terraform's text for the number, as `tostring` gives it (see
/// [`Number::to_terraform_string`]).
impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_terraform_string())
    }
}

/// The error of parsing a number from text that Go's `big.ParseFloat` rejects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNumberError;

impl fmt::Display for ParseNumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number is required")
    }
}

impl std::error::Error for ParseNumberError {}

impl FromStr for Number {
    type Err = ParseNumberError;
    /// Same as [`Number::parse`].
    fn from_str(s: &str) -> Result<Number, ParseNumberError> {
        Number::parse(s).ok_or(ParseNumberError)
    }
}

/// Serialised as a string holding the compact exact form (`"1e400"`, `"-0"`, `"+Inf"`), which
/// [`Deserialize`] reads back unchanged.
impl Serialize for Number {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.compact())
    }
}

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Number, D::Error> {
        let text = String::deserialize(d)?;
        Number::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("invalid number `{text}`")))
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

impl From<BigInt> for Number {
    fn from(n: BigInt) -> Number {
        Number::from_decimal(BigDecimal::from(n))
    }
}

impl TryFrom<f64> for Number {
    type Error = NonFiniteFloat;
    /// The exact binary value of a finite float: `0.1f64` becomes
    /// `0.1000000000000000055511151231257827021181583404541015625`.
    fn try_from(f: f64) -> Result<Number, NonFiniteFloat> {
        if !f.is_finite() {
            return Err(NonFiniteFloat);
        }
        let bits = f.to_bits();
        let negative = bits >> 63 == 1;
        let exp_bits = ((bits >> 52) & 0x7ff) as i64;
        let frac = bits & ((1u64 << 52) - 1);
        let (mantissa, exp) = if exp_bits == 0 {
            (frac, -1074)
        } else {
            (frac | (1u64 << 52), exp_bits - 1075)
        };
        let m = BigInt::from(mantissa);
        let value = if exp >= 0 {
            BigDecimal::from(m << (exp as u64))
        } else {
            let n = exp.unsigned_abs();
            BigDecimal::new(m * num_traits::pow(BigInt::from(5), n as usize), n as i64)
        };
        let value = if negative { -value } else { value };
        Ok(Number::finite(value, negative))
    }
}

impl TryFrom<f32> for Number {
    type Error = NonFiniteFloat;
    /// The exact binary value of a finite float.
    fn try_from(f: f32) -> Result<Number, NonFiniteFloat> {
        Number::try_from(f64::from(f))
    }
}

macro_rules! binop {
    ($trait:ident, $method:ident, $checked:ident) => {
        impl std::ops::$trait<&Number> for &Number {
            type Output = Result<Number, ArithmeticError>;
            fn $method(self, rhs: &Number) -> Result<Number, ArithmeticError> {
                self.$checked(rhs)
            }
        }
    };
}
binop!(Add, add, checked_add);
binop!(Sub, sub, checked_sub);
binop!(Mul, mul, checked_mul);
binop!(Div, div, checked_div);
binop!(Rem, rem, checked_rem);

impl std::ops::Neg for &Number {
    type Output = Number;
    fn neg(self) -> Number {
        Number::neg(self)
    }
}

/// 2^exp to 40 digits more than CANONICAL_DIGITS, by squaring with rounding at each step (a
/// relative error of at most about 10^-185 for any exponent Go accepts).
fn pow2_rounded(exp: i64) -> BigDecimal {
    let prec = std::num::NonZeroU64::new(CANONICAL_DIGITS + 40).expect("non-zero");
    let round = |d: BigDecimal| d.with_precision_round(prec, bigdecimal::RoundingMode::HalfEven);
    // 2, or 0.5 for a negative exponent.
    let mut base = if exp >= 0 {
        BigDecimal::from(2)
    } else {
        BigDecimal::new(BigInt::from(5), 1)
    };
    let mut n = exp.unsigned_abs();
    let mut acc = BigDecimal::one();
    while n > 0 {
        if n & 1 == 1 {
            acc = round(&acc * &base);
        }
        n >>= 1;
        if n > 0 {
            base = round(base.square());
        }
    }
    acc
}

/// The most significant digits a decimal literal keeps before it is rounded to 512 bits (which
/// needs about 155): reading every digit of a string of hundreds of thousands of them took
/// quadratic time. Longer digit strings keep their first `MAX_PARSED_DIGITS` digits and, when
/// any digit dropped is not zero, a final `1` in place of the rest, which lies strictly between
/// the same two truncations as the dropped digits do, so the value rounds as before unless it
/// lies within 10^-1000 (relative) of a rounding boundary.
const MAX_PARSED_DIGITS: usize = 1000;

fn shorten_digits(digits: &mut String, frac_digits: &mut i64) {
    // Leading zeros are dropped (all but one of a zero), as they change nothing.
    let leading_zeros = digits.bytes().take_while(|&b| b == b'0').count();
    digits.drain(..leading_zeros.min(digits.len() - 1));
    if digits.len() <= MAX_PARSED_DIGITS {
        return;
    }
    let dropped = digits.len() - MAX_PARSED_DIGITS;
    let sticky = digits.as_bytes()[MAX_PARSED_DIGITS..]
        .iter()
        .any(|&b| b != b'0');
    digits.truncate(MAX_PARSED_DIGITS);
    *frac_digits -= dropped as i64;
    if sticky {
        digits.push('1');
        *frac_digits += 1;
    }
}

/// The most zeros [`Number::to_json_string`] pads a number with before it writes an exponent
/// instead.
const PLAIN_PADDING_MAX: i64 = 21;

/// The zeros the plain decimal form of `n` digits `× 10^-scale` adds: `-scale` trailing ones
/// (scale < 0), or up to `scale - n + 1` leading ones (scale > n - 1).
fn plain_padding(n: i64, scale: i64) -> i64 {
    if scale < 0 {
        -scale
    } else {
        (scale - n + 1).max(0)
    }
}

/// The plain decimal text of `coefficient × 10^-scale` (what [`Number::to_json_string`] writes
/// while the padding it needs is at most [`PLAIN_PADDING_MAX`] zeros), worked out with machine
/// integers; `None` when the coefficient does not fit in an `i64` or the padding is longer.
fn small_plain_text(coefficient: &BigInt, scale: i64) -> Option<String> {
    let c = coefficient.to_i64()?;
    let digits = c.unsigned_abs().to_string();
    let n = digits.len() as i64;
    let padding = plain_padding(n, scale);
    if padding > PLAIN_PADDING_MAX {
        return None;
    }
    let mut out = String::with_capacity(digits.len() + padding as usize + 3);
    if c < 0 {
        out.push('-');
    }
    if scale <= 0 {
        out.push_str(&digits);
        out.extend(std::iter::repeat_n('0', (-scale) as usize));
    } else if n > scale {
        let point = (n - scale) as usize;
        out.push_str(&digits[..point]);
        out.push('.');
        out.push_str(&digits[point..]);
    } else {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (scale - n) as usize));
        out.push_str(&digits);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_decimals_are_built_as_the_general_path_builds_them() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let len = 1 + (next() % 18) as usize;
            let mut text: String = (0..len)
                .map(|_| match next() % 4 {
                    0 => '0',
                    _ => char::from(b'0' + (next() % 10) as u8),
                })
                .collect();
            if len > 1 && next() % 2 == 0 {
                text.insert(1 + (next() as usize) % (len - 1), '.');
            }
            let negative = next() % 3 == 0;
            let fast = Number::small_decimal(text.as_bytes(), negative).expect("small");
            let parsed = BigDecimal::from_str(&text).expect("decimal");
            let general = Number::finite(if negative { -parsed } else { parsed }, negative);
            fn repr(n: &Number) -> (BigInt, i64, bool) {
                match &n.0 {
                    Repr::Finite {
                        value,
                        negative_zero,
                    } => {
                        let (digits, scale) = value.as_bigint_and_scale();
                        (digits.into_owned(), scale, *negative_zero)
                    }
                    _ => unreachable!("finite"),
                }
            }
            assert_eq!(repr(&fast), repr(&general), "{text} negative {negative}");
        }
        for not_small in ["1234567890123456789", ".5", "5.", "1.2.3", "", "1e3", "+1"] {
            assert!(
                Number::small_decimal(not_small.as_bytes(), false).is_none(),
                "{not_small}"
            );
        }
    }

    #[test]
    fn small_numbers_are_written_as_bigdecimal_writes_them() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for _ in 0..20_000 {
            let c = match next() % 4 {
                0 => (next() % 1000) as i64,
                1 => next() as i64,
                2 => -((next() % 1_000_000) as i64),
                _ => i64::MIN + (next() % 3) as i64,
            };
            let value = BigDecimal::new(BigInt::from(c), (next() % 60) as i64 - 30);
            let (digits, scale) = value.as_bigint_and_scale();
            if let Some(text) = small_plain_text(&digits, scale) {
                assert_eq!(text, value.to_plain_string(), "{c}e{}", -scale);
                checked += 1;
            }
        }
        assert!(checked > 10_000, "only {checked} numbers had a plain form");
        assert_eq!(
            small_plain_text(&BigInt::from(8), -1).as_deref(),
            Some("80")
        );
        assert_eq!(
            small_plain_text(&BigInt::from(-5), 3).as_deref(),
            Some("-0.005")
        );
        assert_eq!(
            small_plain_text(&BigInt::from(12345), 2).as_deref(),
            Some("123.45")
        );
        assert_eq!(small_plain_text(&BigInt::from(1), -22), None);
    }
}
