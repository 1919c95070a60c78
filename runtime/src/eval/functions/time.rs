//! Date and time functions over RFC 3339 timestamps: `formatdate`, `timeadd`, `timecmp`.
//! (`timestamp` and `plantimestamp` are not evaluated: their results differ run to run.)

use crate::number::Number;
use crate::value::Value;

use super::args::Args;
use super::timestamp;
use super::{table, Builtin};
use crate::eval::error::EvalError;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "formatdate" => formatdate, ["format", "time"];
        "timeadd" => timeadd, ["timestamp", "duration"];
        "timecmp" => timecmp, ["timestamp_a", "timestamp_b"];
    }
}

/// A parsed timestamp: seconds since the epoch (UTC), nanoseconds, and the written offset.
#[derive(Clone, Copy)]
struct Time {
    secs: i64,
    nanos: u32,
    offset: i32,
}

fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// A timestamp Terraform accepts (`super::timestamp`), as an instant and its written offset.
fn parse(s: &str) -> Result<Time, String> {
    let f = timestamp::read(s)?;
    let local =
        days_from_civil(f.year, f.month, f.day) * 86_400 + f.hour * 3600 + f.min * 60 + f.sec;
    Ok(Time {
        secs: local - i64::from(f.offset),
        nanos: f.nanos,
        offset: f.offset,
    })
}

struct Parts {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    min: i64,
    sec: i64,
    weekday: usize,
}

fn parts(t: Time) -> Parts {
    let local = t.secs + i64::from(t.offset);
    let days = local.div_euclid(86_400);
    let rem = local.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    Parts {
        year,
        month,
        day,
        hour: rem / 3600,
        min: rem % 3600 / 60,
        sec: rem % 60,
        weekday: (days + 4).rem_euclid(7) as usize,
    }
}

fn offset_text(offset: i32, colon: bool) -> String {
    let sign = if offset < 0 { '-' } else { '+' };
    let a = offset.abs();
    if colon {
        format!("{sign}{:02}:{:02}", a / 3600, a % 3600 / 60)
    } else {
        format!("{sign}{:02}{:02}", a / 3600, a % 3600 / 60)
    }
}

fn rfc3339(t: Time) -> String {
    let p = parts(t);
    let zone = if t.offset == 0 {
        "Z".to_string()
    } else {
        offset_text(t.offset, true)
    };
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{zone}",
        p.year, p.month, p.day, p.hour, p.min, p.sec
    )
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// `formatdate(format, time)`
pub(crate) fn formatdate(a: &Args) -> Result<Value, EvalError> {
    let f = a.get::<String>(0)?;
    let t = parse(&a.get::<String>(1)?).map_err(|e| a.bad(1, e))?;
    let p = parts(t);
    let chars: Vec<char> = f.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' {
            let mut j = i + 1;
            loop {
                match chars.get(j) {
                    None => return Err(a.fail("unterminated literal '")),
                    Some('\'') if chars.get(j + 1) == Some(&'\'') => {
                        out.push('\'');
                        j += 2;
                    }
                    Some('\'') => break,
                    Some(ch) => {
                        out.push(*ch);
                        j += 1;
                    }
                }
            }
            if j == i + 1 {
                out.push('\'');
            }
            i = j + 1;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            out.push(c);
            i += 1;
            continue;
        }
        let mut j = i;
        while chars.get(j) == Some(&c) {
            j += 1;
        }
        let verb: String = chars[i..j].iter().collect();
        let h12 = if p.hour % 12 == 0 { 12 } else { p.hour % 12 };
        let text = match verb.as_str() {
            "YYYY" => format!("{:04}", p.year),
            "YY" => format!("{:02}", p.year % 100),
            "MMMM" => MONTHS[(p.month - 1) as usize].to_string(),
            "MMM" => MONTHS[(p.month - 1) as usize][..3].to_string(),
            "MM" => format!("{:02}", p.month),
            "M" => p.month.to_string(),
            "DD" => format!("{:02}", p.day),
            "D" => p.day.to_string(),
            "EEEE" => DAYS[p.weekday].to_string(),
            "EEE" => DAYS[p.weekday][..3].to_string(),
            "hh" => format!("{:02}", p.hour),
            "h" => p.hour.to_string(),
            "HH" => format!("{h12:02}"),
            "H" => h12.to_string(),
            "AA" => (if p.hour < 12 { "AM" } else { "PM" }).to_string(),
            "aa" => (if p.hour < 12 { "am" } else { "pm" }).to_string(),
            "mm" => format!("{:02}", p.min),
            "m" => p.min.to_string(),
            "ss" => format!("{:02}", p.sec),
            "s" => p.sec.to_string(),
            "ZZZZZ" => offset_text(t.offset, true),
            "ZZZZ" => offset_text(t.offset, false),
            "ZZZ" if t.offset == 0 => "UTC".to_string(),
            "ZZZ" => offset_text(t.offset, false),
            "Z" if t.offset == 0 => "Z".to_string(),
            "Z" => offset_text(t.offset, true),
            _ => return Err(a.fail(format!("invalid date format verb {verb:?}"))),
        };
        out.push_str(&text);
        i = j;
    }
    Ok(Value::String(out))
}

/// Go's `time.ParseDuration`, in nanoseconds.
fn duration(s: &str) -> Result<i128, String> {
    let bad = || format!("time: invalid duration {s:?}");
    let (neg, mut rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if rest == "0" {
        return Ok(0);
    }
    if rest.is_empty() {
        return Err(bad());
    }
    let mut total: f64 = 0.0;
    while !rest.is_empty() {
        let n = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let value: f64 = rest[..n].parse().map_err(|_| bad())?;
        rest = &rest[n..];
        let u = rest
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .unwrap_or(rest.len());
        let unit = &rest[..u];
        let scale = match unit {
            "ns" => 1.0,
            "us" | "µs" | "μs" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            "m" => 60e9,
            "h" => 3600e9,
            "" => return Err(format!("time: missing unit in duration {s:?}")),
            other => return Err(format!("time: unknown unit {other:?} in duration {s:?}")),
        };
        total += value * scale;
        rest = &rest[u..];
    }
    let ns = total.round() as i128;
    Ok(if neg { -ns } else { ns })
}

/// `timeadd(timestamp, duration)`: the result keeps the timestamp's offset, whole seconds.
pub(crate) fn timeadd(a: &Args) -> Result<Value, EvalError> {
    let t = parse(&a.get::<String>(0)?).map_err(|e| a.fail(e))?;
    let d = duration(&a.get::<String>(1)?).map_err(|e| a.fail(e))?;
    let total = i128::from(t.secs) * 1_000_000_000 + i128::from(t.nanos) + d;
    let secs = total.div_euclid(1_000_000_000) as i64;
    Ok(Value::String(rfc3339(Time {
        secs,
        nanos: 0,
        offset: t.offset,
    })))
}

/// `timecmp(a, b)`: -1, 0 or 1.
pub(crate) fn timecmp(a: &Args) -> Result<Value, EvalError> {
    let x = parse(&a.get::<String>(0)?).map_err(|e| a.bad(0, e))?;
    let y = parse(&a.get::<String>(1)?).map_err(|e| a.bad(1, e))?;
    let ord = (x.secs, x.nanos).cmp(&(y.secs, y.nanos)) as i8;
    Ok(Value::Number(Number::from(ord)))
}
