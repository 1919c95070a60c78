//! `format` and `formatlist`: Go-style verbs as Terraform implements them (`%v %#v %s %q %d
//! %b %o %x %X %e %E %f %g %G %t %%`, flags `+ - # 0` and space, width, precision, `%[n]`).

use crate::types::Type;
use crate::value::Value;

use super::arith;
use super::conv;
use super::error::EvalError;
use super::functions::{check_built_len, Args};
use super::template::nfc;

#[derive(Default)]
struct Spec {
    minus: bool,
    plus: bool,
    zero: bool,
    space: bool,
    sharp: bool,
    width: Option<usize>,
    precision: Option<usize>,
}

enum Outcome {
    Text(String),
    Unknown,
}

fn render(a: &Args, fmt: &str, args: &[Value]) -> Result<Outcome, EvalError> {
    let mut out = String::new();
    let bytes = fmt.as_bytes();
    let mut i = 0;
    let mut next_arg = 0usize;
    let mut verbs = 0;
    let mut max_used = 0usize;
    while i < bytes.len() {
        if bytes[i] != b'%' {
            let next = fmt[i..].find('%').map_or(fmt.len(), |p| i + p);
            out.push_str(&fmt[i..next]);
            i = next;
            continue;
        }
        let start = i;
        i += 1;
        let mut spec = Spec {
            minus: false,
            plus: false,
            zero: false,
            space: false,
            sharp: false,
            width: None,
            precision: None,
        };
        while i < bytes.len() {
            match bytes[i] {
                b'-' => spec.minus = true,
                b'+' => spec.plus = true,
                b'0' => spec.zero = true,
                b' ' => spec.space = true,
                b'#' => spec.sharp = true,
                _ => break,
            }
            i += 1;
        }
        if i < bytes.len() && bytes[i] == b'[' {
            let close = fmt[i..].find(']').map(|p| i + p);
            let n = close.and_then(|c| fmt[i + 1..c].parse::<usize>().ok());
            match (close, n) {
                (Some(c), Some(n)) if n >= 1 => {
                    next_arg = n - 1;
                    i = c + 1;
                }
                _ => return Err(a.fail(format!("unrecognized format character '[' at offset {i}"))),
            }
        }
        let digits = |i: &mut usize| -> Option<usize> {
            let s = *i;
            while *i < bytes.len() && bytes[*i].is_ascii_digit() {
                *i += 1;
            }
            fmt[s..*i].parse().ok()
        };
        let width_at = i;
        spec.width = digits(&mut i);
        let mut too_large = go_too_large(&fmt[width_at..i]);
        if i < bytes.len() && bytes[i] == b'.' {
            i += 1;
            let precision_at = i;
            spec.precision = Some(digits(&mut i).unwrap_or(0));
            too_large |= go_too_large(&fmt[precision_at..i]);
        }
        let Some(verb) = fmt[i..].chars().next() else {
            return Err(a.fail(format!("invalid format string starting at offset {start}")));
        };
        i += verb.len_utf8();
        if verb == '%' {
            out.push('%');
            continue;
        }
        verbs += 1;
        let whole = &fmt[start..i];
        if !"vsqdboxXeEfgGt".contains(verb) {
            return Err(a.fail(format!(
                "unsupported format verb '{verb}' in \"{whole}\" at offset {start}"
            )));
        }
        let Some(arg) = args.get(next_arg) else {
            return Err(a.fail(format!(
                "not enough arguments for \"{whole}\" at {start}: need index {} but have {} total",
                next_arg + 1,
                args.len()
            )));
        };
        next_arg += 1;
        max_used = max_used.max(next_arg);
        if arg.has_unknown() {
            return Ok(Outcome::Unknown);
        }
        let unsupported = |msg: &str| {
            a.fail(format!(
                "unsupported value for \"{whole}\" at {start}: {msg}"
            ))
        };
        // A null (a typed one: an untyped null argument never gets here) is written `null` by
        // `%v` and `%#v`, and fails every other verb.
        if arg.is_null() && verb != 'v' {
            return Err(unsupported("null value cannot be formatted"));
        }
        let text = match verb {
            'v' if spec.sharp => json(arg),
            'v' => match arg {
                Value::String(s) => s.clone(),
                Value::Bool(b) => b.to_string(),
                Value::Number(n) => float(arith::to_f64(n), 'g', None, &spec),
                other => json(other),
            },
            's' | 'q' => {
                let s = conv::to_string(arg).map_err(|e| unsupported(&e.0))?;
                let s = match spec.precision {
                    Some(p) => s.chars().take(p).collect(),
                    None => s,
                };
                if verb == 'q' {
                    serde_json::to_string(&s).unwrap_or_default()
                } else {
                    s
                }
            }
            // cty's words: `a bool is required` for a string, `bool required` otherwise.
            't' => match conv::convert(arg, &Type::Bool) {
                Ok(Value::Bool(b)) => {
                    out.push_str(&b.to_string());
                    continue;
                }
                Ok(_) => return Err(unsupported("bool required")),
                Err(e) => return Err(unsupported(&e.0)),
            },
            _ => {
                let n = match conv::convert(arg, &Type::Number) {
                    Ok(Value::Number(n)) => n,
                    Ok(_) => return Err(unsupported("number required")),
                    Err(e) => return Err(unsupported(&e.0)),
                };
                match verb {
                    'd' | 'b' | 'o' | 'x' | 'X' => {
                        let d = n
                            .as_decimal()
                            .filter(|d| d.is_integer())
                            .ok_or_else(|| unsupported("an integer is required"))?;
                        let (int, _) = d.with_scale(0).into_bigint_and_exponent();
                        if too_large {
                            out.push_str(&format!("%!(NOVERB)%!(EXTRA *big.Int={int})"));
                            continue;
                        }
                        let neg = int.sign() == num_bigint::Sign::Minus;
                        let mag = int.magnitude();
                        let body = match verb {
                            'd' => mag.to_str_radix(10),
                            'b' => mag.to_str_radix(2),
                            'o' => mag.to_str_radix(8),
                            'x' => mag.to_str_radix(16),
                            _ => mag.to_str_radix(16).to_uppercase(),
                        };
                        signed(neg, body, &spec)
                    }
                    _ if too_large => {
                        let plain = float(arith::to_f64(&n), 'g', None, &Spec::default());
                        out.push_str(&format!("%!(NOVERB)%!(EXTRA *big.Float={plain})"));
                        continue;
                    }
                    _ => float(arith::to_f64(&n), verb, spec.precision, &spec),
                }
            }
        };
        check_built_len(spec.width.unwrap_or(0).max(text.len()), || {
            format!("calls `format` with \"{whole}\"")
        })?;
        out.push_str(&pad(text, &spec, verb));
    }
    if verbs == 0 && !args.is_empty() {
        return Err(a.bad(1, "too many arguments; no verbs in format string"));
    }
    if max_used < args.len() && verbs > 0 {
        return Err(a.bad(
            1,
            format!("too many arguments; only {max_used} used by format string"),
        ));
    }
    Ok(Outcome::Text(out))
}

fn json(v: &Value) -> String {
    serde_json::to_string(&super::functions::to_json(v)).unwrap_or_default()
}

fn signed(neg: bool, body: String, spec: &Spec) -> String {
    let sign = if neg {
        "-"
    } else if spec.plus {
        "+"
    } else if spec.space {
        " "
    } else {
        ""
    };
    if spec.zero && !spec.minus {
        if let Some(w) = spec.width {
            let fill = w.saturating_sub(sign.len() + body.len());
            return format!("{sign}{}{body}", "0".repeat(fill));
        }
    }
    format!("{sign}{body}")
}

fn float(x: f64, verb: char, precision: Option<usize>, spec: &Spec) -> String {
    let neg = x.is_sign_negative() && x != 0.0;
    let m = x.abs();
    let body = if m.is_infinite() {
        "Inf".to_string()
    } else {
        match verb {
            'f' => fixed(m, precision.unwrap_or(6)),
            'e' | 'E' => exp_form(scientific(m, precision.unwrap_or(6)), verb == 'E'),
            _ => {
                // %g: Go's big.Float rule: the exponent form when the decimal exponent is
                // below -4 or at least the precision (6 for the shortest representation).
                let (mant, exp) = match precision {
                    Some(p) => {
                        let s = scientific(m, p.max(1) - 1);
                        let (a, b) = s.split_once('e').expect("exponent");
                        (a.to_string(), b.parse::<i32>().unwrap_or(0))
                    }
                    None => {
                        let s = format!("{m:e}");
                        let (a, b) = s.split_once('e').expect("exponent");
                        (a.to_string(), b.parse::<i32>().unwrap_or(0))
                    }
                };
                let eprec = precision.map_or(6, |p| p.max(1) as i32);
                if exp < -4 || exp >= eprec {
                    exp_form(format!("{mant}e{exp}"), verb == 'G')
                } else {
                    let v: f64 = format!("{mant}e{exp}").parse().unwrap_or(m);
                    let s = format!("{v}");
                    s
                }
            }
        }
    };
    signed(neg, body, spec)
}

/// The most digits after the point that can be other than zero in a float's exact decimal
/// form (its binary fraction has at most 1,074 places), and well below what Rust's formatter
/// takes (65,535): the digits past it are zeros, written as such.
const MAX_FLOAT_PLACES: usize = 1_100;

/// `m` with `places` digits after the point (`%f`).
fn fixed(m: f64, places: usize) -> String {
    let mut s = format!("{:.*}", places.min(MAX_FLOAT_PLACES), m);
    s.extend(std::iter::repeat_n(
        '0',
        places.saturating_sub(MAX_FLOAT_PLACES),
    ));
    s
}

/// `m` in Rust's exponent form with `places` digits after the point (`1.50e3`).
fn scientific(m: f64, places: usize) -> String {
    let s = format!("{:.*e}", places.min(MAX_FLOAT_PLACES), m);
    let zeros = places.saturating_sub(MAX_FLOAT_PLACES);
    if zeros == 0 {
        return s;
    }
    let (mant, exp) = s.split_once('e').expect("exponent");
    format!("{mant}{}e{exp}", "0".repeat(zeros))
}

/// Rust writes `1.5e3`; Go writes `1.5e+03`.
fn exp_form(s: String, upper: bool) -> String {
    let (mant, exp) = s.split_once('e').expect("exponent");
    let exp: i32 = exp.parse().unwrap_or(0);
    let sign = if exp < 0 { '-' } else { '+' };
    let e = if upper { 'E' } else { 'e' };
    format!("{mant}{e}{sign}{:02}", exp.abs())
}

/// Go's `fmt` gives up on a width or precision whose digits run past a million (`parsenum`,
/// which checks before each further digit, so `10000000` still passes): for a number verb,
/// whose text Terraform leaves to Go, the verb is written `%!(NOVERB)` and its argument
/// `%!(EXTRA *big.Int=1)`.
fn go_too_large(digits: &str) -> bool {
    let mut num: u64 = 0;
    for d in digits.bytes() {
        if num > 1_000_000 {
            return true;
        }
        num = num * 10 + u64::from(d - b'0');
    }
    false
}

fn pad(text: String, spec: &Spec, verb: char) -> String {
    let Some(w) = spec.width else { return text };
    let len = text.chars().count();
    if len >= w {
        return text;
    }
    let fill = " ".repeat(w - len);
    if spec.minus {
        format!("{text}{fill}")
    } else if spec.zero && "dboxXeEfgG".contains(verb) {
        text
    } else {
        format!("{fill}{text}")
    }
}

/// A null of no type (the literal `null`, not converted to a type): go-cty calls no function
/// with an argument of its dynamic type, the result is unknown.
fn untyped_null(v: &Value) -> bool {
    matches!(v, Value::Null(Type::Any))
}

/// `format(spec, args...)`
pub(crate) fn format(a: &Args) -> Result<Value, EvalError> {
    // An unknown argument, or an untyped null one (a value of cty's dynamic type, which a
    // function call turns into an unknown result), gives an unknown string; a typed null is
    // formatted (see `render`). An unknown format is not read (its type was checked already).
    if a.value(0).has_unknown() || a.rest().iter().any(|v| v.has_unknown() || untyped_null(v)) {
        return Ok(Value::Unknown(Type::String));
    }
    let f = a.get::<String>(0)?;
    match render(a, &f, a.rest())? {
        Outcome::Text(s) => Ok(Value::String(nfc(s))),
        Outcome::Unknown => Ok(Value::Unknown(Type::String)),
    }
}

/// `formatlist(spec, args...)`: lists are iterated in step, other values repeat.
pub(crate) fn formatlist(a: &Args) -> Result<Value, EvalError> {
    if a.value(0).has_unknown() {
        return Ok(Value::Unknown(Type::list(Type::String)));
    }
    let f = a.get::<String>(0)?;
    let rest = a.rest();
    let mut len: Option<(usize, usize)> = None;
    for (i, v) in rest.iter().enumerate() {
        if v.is_unknown() || untyped_null(v) {
            return Ok(Value::Unknown(Type::list(Type::String)));
        }
        if let Value::List(_, xs) | Value::Tuple(xs) | Value::Set(_, xs) = v {
            match len {
                None => len = Some((xs.len(), i)),
                Some((n, j)) if n != xs.len() => {
                    return Err(a.bad(
                        1,
                        format!(
                            "argument {} has length {}, which is inconsistent with argument {} of length {n}",
                            i + 1,
                            xs.len(),
                            j + 1
                        ),
                    ))
                }
                _ => {}
            }
        }
    }
    let n = len.map_or(1, |(n, _)| n);
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let row: Vec<Value> = rest
            .iter()
            .map(|v| match v {
                Value::List(_, xs) | Value::Tuple(xs) | Value::Set(_, xs) => xs[k].clone(),
                other => other.clone(),
            })
            .collect();
        let rendered = render(a, &f, &row).map_err(|e| {
            // Each row's failure is reported as a failure of the call, with its row.
            let msg = e
                .detail
                .split_once(": ")
                .map_or(e.detail.as_str(), |(_, m)| m);
            a.fail(format!(
                "error on format iteration {k}: {}",
                msg.strip_suffix('.').unwrap_or(msg)
            ))
        })?;
        match rendered {
            Outcome::Text(s) => out.push(Value::String(nfc(s))),
            Outcome::Unknown => out.push(Value::Unknown(Type::String)),
        }
    }
    Ok(Value::List(Type::String, out))
}
