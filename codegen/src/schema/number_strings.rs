//! Numeric strings within bounds. Under `--terraform-conversions` a `number` variable also
//! takes a string Go's `ParseFloat` reads, which Terraform converts before its rules run; a
//! `minimum` or `maximum` keyword does not look at strings. For bounds that are whole numbers,
//! [`plain_decimals_within`] writes the plain decimal strings (`"1001"`, `"+5"`, `"-0.5"`,
//! `"007"`: the spellings files hold) that the bounds admit as a pattern, exactly; the other
//! spellings (`"1e3"`, `".5"`, `"5."`, `"1p3"`, `"inf"`) stay accepted unchecked.

use tfvars_runtime::Number;

use super::translate::Bound;

/// The plain decimal strings: a sign, digits, and digits after a point.
pub(crate) const PLAIN_DECIMAL: &str = "^[+-]?[0-9]+(?:\\.[0-9]+)?$";

/// An ECMA-262 pattern matching exactly the strings of [`PLAIN_DECIMAL`] whose value is within
/// `minimum` and `maximum`; `None` when a bound given is not a whole number that fits in 64 bits.
/// A pattern that matches nothing is `None` too, in `Ok(None)`.
pub(crate) fn plain_decimals_within(
    minimum: Option<&Bound>,
    maximum: Option<&Bound>,
) -> Result<Option<String>, ()> {
    let whole = |b: &Bound| -> Result<(i128, bool), ()> {
        let value = whole_number(&b.value).ok_or(())?;
        Ok((value, b.exclusive))
    };
    let low = minimum.map(whole).transpose()?;
    let high = maximum.map(whole).transpose()?;
    // A positive (or unsigned, or `-0`) string's value is its magnitude m; a negative one's is
    // -m, so its magnitude lies between the negated bounds, swapped.
    let positive = magnitudes(low, high);
    let negative = magnitudes(
        high.map(|(v, exclusive)| (-v, exclusive)),
        low.map(|(v, exclusive)| (-v, exclusive)),
    );
    let mut branches = Vec::new();
    if let Some(p) = positive {
        branches.push(format!("\\+?{p}"));
    }
    if let Some(n) = negative {
        branches.push(format!("-{n}"));
    }
    Ok((!branches.is_empty()).then(|| format!("^(?:{})$", branches.join("|"))))
}

/// Patterns of numeric strings other than plain decimals that lie beyond `upper` or below
/// `lower` (every accepted number is within them), for a node that otherwise accepts such
/// strings unchecked: a mantissa of 1 or more with a decimal (`e`) or binary (`p`) exponent
/// large enough (`"1e3"` is at least 1000, `"1p10"` at least 1024), and the infinities. Not
/// every string out of bounds is matched (`"0.5e4"`, `"10000e-1"`): the node stays looser than
/// Terraform, never stricter.
pub(crate) fn exponents_beyond(upper: Option<&Bound>, lower: Option<&Bound>) -> Vec<String> {
    // A mantissa with a non-zero digit, and one whose whole part is 1 or more.
    const NON_ZERO: &str = "(?:[0-9]*[1-9][0-9]*(?:\\.[0-9]*)?|[0-9]*\\.[0-9]*[1-9][0-9]*)";
    const ONE_OR_MORE: &str = "0*[1-9][0-9]*(?:\\.[0-9]*)?";
    let mut out = Vec::new();
    for (bound, sign) in [(upper, "\\+?"), (lower, "-")] {
        let Some(bound) = bound else { continue };
        // How far the bound lies on the side the sign points to: every number of that sign
        // is out when it is not beyond zero.
        let reach = if sign == "-" {
            -&bound.value
        } else {
            bound.value.clone()
        };
        let infinity = if sign == "-" { "-" } else { "\\+?" };
        out.push(format!("^{infinity}[Ii]nf$"));
        if reach <= Number::from(0u8) {
            out.push(format!("^{sign}{NON_ZERO}[eEpP][+-]?[0-9]+$"));
            continue;
        }
        let beyond = reach.floor();
        let text = beyond.to_terraform_string();
        // 10^k is above the bound for k = its digit count (0 for a bound below 1); a strict
        // bound that is a power itself is out too.
        let whole = beyond == reach;
        let mut decimal = if text == "0" { 0 } else { text.len() as u64 };
        let power_of_ten = text
            .strip_prefix('1')
            .is_some_and(|zeros| zeros.bytes().all(|b| b == b'0'));
        if bound.exclusive && whole && power_of_ten {
            decimal -= 1;
        }
        out.push(format!(
            "^{sign}{ONE_OR_MORE}[eE]\\+?0*(?:{})$",
            whole_range(decimal, None)
        ));
        if let Ok(v) = text.parse::<u128>() {
            let mut binary = u64::from(128 - v.leading_zeros());
            if bound.exclusive && whole && v.is_power_of_two() {
                binary -= 1;
            }
            out.push(format!(
                "^{sign}{ONE_OR_MORE}[pP]\\+?0*(?:{})$",
                whole_range(binary, None)
            ));
        }
    }
    out
}

/// `n` when `number` is a whole number whose magnitude fits in 64 bits.
fn whole_number(number: &Number) -> Option<i128> {
    number.as_decimal().filter(|d| d.is_integer())?;
    let v: i128 = number.to_terraform_string().parse().ok()?;
    (v.unsigned_abs() <= u128::from(u64::MAX)).then_some(v)
}

/// A fractional part: any (`.` and digits, or none), zero, or not zero.
#[derive(Clone, Copy)]
enum Fraction {
    Any,
    Zero,
    NonZero,
}

impl Fraction {
    fn pattern(self) -> &'static str {
        match self {
            Fraction::Any => "(?:\\.[0-9]+)?",
            Fraction::Zero => "(?:\\.0+)?",
            Fraction::NonZero => "\\.0*[1-9][0-9]*",
        }
    }
}

/// The pattern of the unsigned decimals `I.F` whose magnitude m = I + 0.F lies above `low`
/// and below `high` (`(bound, exclusive)`, whole numbers); `None` when there are none.
fn magnitudes(low: Option<(i128, bool)>, high: Option<(i128, bool)>) -> Option<String> {
    // With whole bounds, m's whole part n decides, except at a bound itself, where the
    // fraction does: m > a holds for n = a with a non-zero fraction, m <= b for n = b with a
    // zero one.
    let (from, low_point) = match low {
        None => (0, None),
        Some((a, false)) => (a.max(0), None),
        Some((a, true)) if a < 0 => (0, None),
        Some((a, true)) => (a + 1, Some(a)),
    };
    let (to, high_point) = match high {
        None => (None, None),
        Some((b, _)) if b < 0 => return None,
        Some((0, true)) => return None,
        Some((b, false)) => (Some(b - 1), Some(b)),
        Some((b, true)) => (Some(b - 1), None),
    };
    let mut pieces: Vec<(i128, Option<i128>, Fraction)> = Vec::new();
    if to.is_none_or(|t| t >= from) {
        pieces.push((from, to, Fraction::Any));
    }
    if let Some(a) = low_point.filter(|&a| to.is_none_or(|t| a <= t)) {
        pieces.push((a, Some(a), Fraction::NonZero));
    }
    if let Some(b) = high_point.filter(|&b| b >= from) {
        pieces.push((b, Some(b), Fraction::Zero));
    }
    if pieces.is_empty() {
        return None;
    }
    let alternatives: Vec<String> = pieces
        .into_iter()
        .map(|(lo, hi, fraction)| {
            let lo = u64::try_from(lo).expect("a magnitude is not negative");
            let hi = hi.map(|h| u64::try_from(h).expect("a magnitude is not negative"));
            format!("0*(?:{}){}", whole_range(lo, hi), fraction.pattern())
        })
        .collect();
    Some(format!("(?:{})", alternatives.join("|")))
}

/// The pattern of the whole numbers from `lo` to `hi` (no end when `None`) written without
/// leading zeros (`0` is written `0`).
fn whole_range(lo: u64, hi: Option<u64>) -> String {
    let lo_text = lo.to_string();
    let mut alternatives = Vec::new();
    let longest = hi.map(|h| h.to_string().len());
    for len in lo_text.len()..=longest.unwrap_or(lo_text.len()) {
        let first = if len == 1 {
            0
        } else {
            10u64.pow(len as u32 - 1)
        };
        let last = 10u64.checked_pow(len as u32).map_or(u64::MAX, |p| p - 1);
        let a = lo.max(first);
        let b = hi.map_or(last, |h| h.min(last));
        if a <= b {
            alternatives.push(same_length(&a.to_string(), &b.to_string()));
        }
    }
    if hi.is_none() {
        // Every longer number.
        alternatives.push(format!("[1-9][0-9]{{{},}}", lo_text.len()));
    }
    alternatives.join("|")
}

/// The pattern of the digit strings of one length from `a` to `b` (`a <= b`).
fn same_length(a: &str, b: &str) -> String {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let prefix = std::str::from_utf8(&a[..common]).expect("digits");
    if common == a.len() {
        return prefix.to_string();
    }
    let (da, db) = (a[common], b[common]);
    let rest = a.len() - common - 1;
    let mut alternatives = Vec::new();
    if rest == 0 {
        alternatives.push(format!("{prefix}{}", digit_class(da, db)));
    } else {
        alternatives.push(format!(
            "{prefix}{}(?:{})",
            da as char,
            at_least(&a[common + 1..])
        ));
        if da + 1 < db {
            alternatives.push(format!(
                "{prefix}{}[0-9]{{{rest}}}",
                digit_class(da + 1, db - 1)
            ));
        }
        alternatives.push(format!(
            "{prefix}{}(?:{})",
            db as char,
            at_most(&b[common + 1..])
        ));
    }
    alternatives.join("|")
}

/// The digit strings of `s`'s length that are `s` or greater.
fn at_least(s: &[u8]) -> String {
    let Some((&d, rest)) = s.split_first() else {
        return String::new();
    };
    let mut out = format!("{}{}", d as char, group(&at_least(rest)));
    if d < b'9' {
        out.push_str(&format!(
            "|{}[0-9]{{{}}}",
            digit_class(d + 1, b'9'),
            rest.len()
        ));
    }
    out
}

/// The digit strings of `s`'s length that are `s` or less.
fn at_most(s: &[u8]) -> String {
    let Some((&d, rest)) = s.split_first() else {
        return String::new();
    };
    let mut out = format!("{}{}", d as char, group(&at_most(rest)));
    if d > b'0' {
        out.push_str(&format!(
            "|{}[0-9]{{{}}}",
            digit_class(b'0', d - 1),
            rest.len()
        ));
    }
    out
}

fn group(p: &str) -> String {
    if p.is_empty() {
        String::new()
    } else {
        format!("(?:{p})")
    }
}

/// `[a-b]`, or the digit itself.
fn digit_class(a: u8, b: u8) -> String {
    if a == b {
        (a as char).to_string()
    } else {
        format!("[{}-{}]", a as char, b as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponents_beyond_the_bounds_are_out() {
        let mut texts = Vec::new();
        for sign in ["", "+", "-"] {
            for mantissa in [
                "0", "1", "5", "9", "10", "0.5", ".5", "5.", "1.5", "999", "0001",
            ] {
                for marker in ["e", "E", "p", "P"] {
                    for exponent in ["0", "1", "2", "3", "4", "10", "+3", "-1", "-3", "003"] {
                        texts.push(format!("{sign}{mantissa}{marker}{exponent}"));
                    }
                }
            }
            texts.push(format!("{sign}inf"));
            texts.push(format!("{sign}Inf"));
        }
        let within = |n: &Number, low: Option<&Bound>, high: Option<&Bound>| {
            low.is_none_or(|b| {
                if b.exclusive {
                    *n > b.value
                } else {
                    *n >= b.value
                }
            }) && high.is_none_or(|b| {
                if b.exclusive {
                    *n < b.value
                } else {
                    *n <= b.value
                }
            })
        };
        let cases = [
            (None, Some(bound(5, false))),
            (Some(bound(1, false)), Some(bound(5, false))),
            (Some(bound(0, true)), Some(bound(1000, true))),
            (Some(bound(-20, false)), Some(bound(0, false))),
            (Some(bound(-1000, false)), None),
            (Some(bound(21, false)), Some(bound(200, false))),
            (Some(bound(1, true)), Some(bound(11000, true))),
            (Some(bound(-8, true)), Some(bound(1, true))),
        ];
        let mut refused_some = 0;
        for (low, high) in &cases {
            let patterns: Vec<regex::Regex> = exponents_beyond(high.as_ref(), low.as_ref())
                .iter()
                .map(|p| regex::Regex::new(p).unwrap())
                .collect();
            for text in &texts {
                let n = Number::parse(text).expect("a numeric string");
                if patterns.iter().any(|p| p.is_match(text)) {
                    refused_some += 1;
                    assert!(
                        !within(&n, low.as_ref(), high.as_ref()),
                        "{text} in {low:?}..{high:?}"
                    );
                }
            }
            // `1e3` is refused wherever 1000 is out.
            let thousand = Number::from(1000u32);
            if !within(&thousand, low.as_ref(), high.as_ref()) {
                assert!(
                    patterns.iter().any(|p| p.is_match("1e3")),
                    "{low:?}..{high:?}"
                );
            }
        }
        assert!(refused_some > 100);
    }

    fn bound(v: i64, exclusive: bool) -> Bound {
        Bound {
            value: Number::from(v),
            exclusive,
        }
    }

    // The value of a plain decimal, as a fraction over a power of ten.
    fn value(text: &str) -> (i128, u32) {
        let (sign, digits) = match text.as_bytes()[0] {
            b'-' => (-1, &text[1..]),
            b'+' => (1, &text[1..]),
            _ => (1, text),
        };
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        let scale = frac.len() as u32;
        let n: i128 = format!("{int}{frac}").parse().expect("digits");
        (sign * n, scale)
    }

    /// A bound as `(value, exclusive)`.
    type Limit = Option<(i64, bool)>;

    fn within(text: &str, low: Limit, high: Limit) -> bool {
        let (n, scale) = value(text);
        let at = |b: i64| i128::from(b) * 10i128.pow(scale);
        low.is_none_or(|(b, ex)| if ex { n > at(b) } else { n >= at(b) })
            && high.is_none_or(|(b, ex)| if ex { n < at(b) } else { n <= at(b) })
    }

    #[test]
    fn plain_decimals_match_when_their_value_is_within_the_bounds() {
        let texts: Vec<String> = [
            "0",
            "-0",
            "+0",
            "00",
            "0.0",
            "-0.0",
            "0.5",
            "-0.5",
            "1",
            "+1",
            "-1",
            "01",
            "1.0",
            "1.5",
            "2",
            "5",
            "6",
            "9",
            "10",
            "19",
            "20",
            "20.0",
            "20.5",
            "21",
            "99",
            "100",
            "199",
            "200",
            "200.000",
            "200.001",
            "201",
            "255",
            "256",
            "999",
            "1000",
            "1000.5",
            "1001",
            "9999",
            "10000",
            "65535",
            "65535.0",
            "65535.1",
            "65536",
            "100000",
            "-5",
            "-5.5",
            "-6",
            "-10",
            "-11",
            "-100",
            "-99.9",
            "007",
            "-007",
            "123456789012",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let bounds = [
            -11, -10, -5, -1, 0, 1, 2, 5, 6, 20, 21, 99, 200, 255, 1000, 65535,
        ];
        let mut checked = 0;
        let mut cases: Vec<(Limit, Limit)> = Vec::new();
        for &a in &bounds {
            for ex in [false, true] {
                cases.push((Some((a, ex)), None));
                cases.push((None, Some((a, ex))));
                for &b in &bounds {
                    for ex2 in [false, true] {
                        cases.push((Some((a, ex)), Some((b, ex2))));
                    }
                }
            }
        }
        for (low, high) in cases {
            let lb = low.map(|(v, ex)| bound(v, ex));
            let hb = high.map(|(v, ex)| bound(v, ex));
            let pattern = plain_decimals_within(lb.as_ref(), hb.as_ref()).expect("whole bounds");
            let re = pattern.as_ref().map(|p| regex::Regex::new(p).expect(p));
            for t in &texts {
                let matched = re.as_ref().is_some_and(|re| re.is_match(t));
                assert_eq!(
                    matched,
                    within(t, low, high),
                    "{t} in {low:?}..{high:?}: {pattern:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    #[test]
    fn other_bounds_are_refused() {
        let half = Bound {
            value: Number::parse("0.5").expect("number"),
            exclusive: false,
        };
        assert!(plain_decimals_within(Some(&half), None).is_err());
    }
}
