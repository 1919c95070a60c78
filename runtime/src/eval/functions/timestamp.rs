//! Reading an RFC 3339 timestamp as Terraform's `formatdate`, `timeadd` and `timecmp` do (cty's
//! strict reading): exactly `YYYY-MM-DDThh:mm:ss[.digits](Z|±hh:mm)`, every field in range and
//! the day within its month (29 February in leap years only).
//!
//! A text it refuses is described as cty describes it. cty first reads the text strictly; where
//! that fails it reads it again with Go's `time.Parse` and the layout
//! `2006-01-02T15:04:05Z07:00`, which goes field by field and stops at the first one it cannot
//! read, and names that field and the text from there on. Where the lenient reading succeeds
//! (a one-digit hour, a comma before the fraction, an offset of 24 hours or 60 minutes), cty
//! names the rule of RFC 3339 that the text broke.

use crate::value::go_quote;

/// The fields of a timestamp Terraform accepts, as written (the offset in seconds east of UTC).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Fields {
    pub year: i64,
    pub month: i64,
    pub day: i64,
    pub hour: i64,
    pub min: i64,
    pub sec: i64,
    pub nanos: u32,
    pub offset: i32,
}

/// Where Go's lenient reading stopped: the layout element it was reading and the text from the
/// place it names, or (both empty) a message of its own.
struct Stop<'a> {
    layout: &'static str,
    value: &'a [u8],
    message: &'static str,
}

/// `s` read as Terraform reads a timestamp, or Terraform's words for why it is not one.
pub(super) fn read(s: &str) -> Result<Fields, String> {
    let fields = lenient(s.as_bytes()).map_err(|stop| describe(&stop))?;
    match strict_rule_broken(s.as_bytes()) {
        None => Ok(fields),
        Some(stop) => Err(describe(&stop)),
    }
}

fn digit(b: &[u8], i: usize) -> bool {
    b.get(i).is_some_and(u8::is_ascii_digit)
}

fn two(b: &[u8], i: usize) -> i64 {
    i64::from(b[i] - b'0') * 10 + i64::from(b[i + 1] - b'0')
}

/// Go's `getnum`: two digits, or (where `fixed` is false) one.
fn number(b: &[u8], i: usize, fixed: bool) -> Option<(i64, usize)> {
    if !digit(b, i) {
        return None;
    }
    if !digit(b, i + 1) {
        return (!fixed).then(|| (i64::from(b[i] - b'0'), i + 1));
    }
    Some((two(b, i), i + 2))
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        _ => 28,
    }
}

/// Go's `time.Parse` with the layout `2006-01-02T15:04:05Z07:00`.
fn lenient(b: &[u8]) -> Result<Fields, Stop<'_>> {
    let stop = |layout, at: usize| Stop {
        layout,
        value: &b[at.min(b.len())..],
        message: "",
    };
    let separator = |sep: &'static str, at: usize| {
        if b.get(at) == Some(&sep.as_bytes()[0]) {
            Ok(at + 1)
        } else {
            Err(stop(sep, at))
        }
    };
    if b.len() < 4 || !(0..4).all(|k| digit(b, k)) {
        return Err(stop("2006", 0));
    }
    let year = two(b, 0) * 100 + two(b, 2);
    let i = separator("-", 4)?;
    let (month, j) = number(b, i, true).ok_or_else(|| stop("01", i))?;
    if !(1..=12).contains(&month) {
        return Err(stop("01", j));
    }
    let i = separator("-", j)?;
    let (day, i) = number(b, i, true).ok_or_else(|| stop("02", i))?;
    let i = separator("T", i)?;
    let (hour, j) = number(b, i, false).ok_or_else(|| stop("15", i))?;
    if hour >= 24 {
        return Err(stop("15", j));
    }
    let i = separator(":", j)?;
    let (min, j) = number(b, i, true).ok_or_else(|| stop("04", i))?;
    if min >= 60 {
        return Err(stop("04", j));
    }
    let i = separator(":", j)?;
    let (sec, j) = number(b, i, true).ok_or_else(|| stop("05", i))?;
    if sec >= 60 {
        return Err(stop("05", j));
    }
    let mut i = j;
    let mut nanos = 0u32;
    if matches!(b.get(i), Some(b'.' | b',')) && digit(b, i + 1) {
        let start = i + 1;
        i = start;
        while digit(b, i) {
            i += 1;
        }
        // Nanoseconds: the first nine digits, the rest dropped.
        nanos = b[start..i]
            .iter()
            .chain(std::iter::repeat(&b'0'))
            .take(9)
            .fold(0, |n, d| n * 10 + u32::from(d - b'0'));
    }
    let offset = if b.get(i) == Some(&b'Z') {
        i += 1;
        0
    } else {
        let zone = &b[i.min(b.len())..];
        if zone.len() < 6 || zone[3] != b':' {
            return Err(stop("Z07:00", i));
        }
        let hours = number(zone, 1, true).filter(|&(_, end)| end == 3);
        let minutes = hours.and(number(zone, 4, true).filter(|&(_, end)| end == 6));
        // Go tests the ranges (loosely: 24 hours and 60 minutes pass) before the syntax.
        let (h, m) = (hours.map_or(0, |x| x.0), minutes.map_or(0, |x| x.0));
        if h > 24 || m > 60 {
            return Err(stop("Z07:00", i + 6));
        }
        if minutes.is_none() || !matches!(zone[0], b'+' | b'-') {
            return Err(stop("Z07:00", i));
        }
        i += 6;
        let east = (h * 3600 + m * 60) as i32;
        if zone[0] == b'-' {
            -east
        } else {
            east
        }
    };
    if i < b.len() {
        return Err(stop("", i));
    }
    if day < 1 || day > days_in_month(year, month) {
        return Err(Stop {
            layout: "",
            value: b"",
            message: ": day out of range",
        });
    }
    Ok(Fields {
        year,
        month,
        day,
        hour,
        min,
        sec,
        nanos,
        offset,
    })
}

/// Where the lenient reading succeeded, the rule of RFC 3339 the text breaks, if any: a
/// one-digit hour, a comma before the fraction, an offset's hours past 23 or minutes past 59.
fn strict_rule_broken(b: &[u8]) -> Option<Stop<'_>> {
    let rule = |layout, value| {
        Some(Stop {
            layout,
            value,
            message: "",
        })
    };
    if b[12] == b':' {
        return rule("15", &b[11..12]);
    }
    if b[19] == b',' {
        return rule(".", &b[19..20]);
    }
    if b[b.len() - 1] != b'Z' {
        let zone = &b[b.len() - 6..];
        if two(zone, 1) >= 24 || two(zone, 4) >= 60 {
            return rule("Z07:00", zone);
        }
    }
    None
}

/// cty's words for a place Go's reading stopped at.
fn describe(stop: &Stop) -> String {
    const NOT: &str = "not a valid RFC3339 timestamp";
    if stop.layout.is_empty() && stop.value.is_empty() && !stop.message.is_empty() {
        return format!("{NOT}{}", stop.message);
    }
    let value = String::from_utf8_lossy(stop.value);
    let what = match stop.layout {
        "2006" => "year",
        "01" => "month",
        "02" => "day of month",
        "15" => "hour",
        "04" => "minute",
        "05" => "second",
        "Z07:00" => "UTC offset",
        "T" => return format!("{NOT}: missing required time introducer 'T'"),
        sep @ (":" | "-") if value.is_empty() => {
            return format!("{NOT}: end of string where {} is expected", go_quote(sep));
        }
        sep @ (":" | "-") => {
            return format!(
                "{NOT}: found {} where {} is expected",
                go_quote(&value),
                go_quote(sep)
            );
        }
        _ => "timestamp segment",
    };
    if value.is_empty() {
        return format!("{NOT}: end of string before {what}");
    }
    match what {
        "hour" if value.contains(':') => format!("{NOT}: hour must be between 0 and 23 inclusive"),
        "hour" if stop.value.len() != 2 => format!("{NOT}: hour must have exactly two digits"),
        "minute" if stop.value.len() != 2 => {
            format!("{NOT}: minute must have exactly two digits")
        }
        _ => format!("{NOT}: cannot use {} as {what}", go_quote(&value)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_as_written() {
        let f = read("2024-02-29T23:59:58.1234567891-05:30").expect("a timestamp");
        assert_eq!(
            f,
            Fields {
                year: 2024,
                month: 2,
                day: 29,
                hour: 23,
                min: 59,
                sec: 58,
                nanos: 123_456_789,
                offset: -(5 * 3600 + 30 * 60),
            }
        );
    }

    #[test]
    fn any_text_is_read_or_described() {
        // Every character of valid timestamps replaced, dropped or doubled, by ASCII and
        // multi-byte characters: a verdict and, for a refusal, cty's opening words.
        let bases = ["2024-02-29T23:59:58.5-05:30", "2023-01-02T03:04:05Z"];
        let others = [
            '0', '9', ':', '-', '+', '.', ',', 'T', 'Z', 'z', ' ', 'é', 'Ｚ', '２',
        ];
        for base in bases {
            let chars: Vec<char> = base.chars().collect();
            for at in 0..=chars.len() {
                let mut texts = vec![];
                for c in others {
                    let mut replaced = chars.clone();
                    if at < chars.len() {
                        replaced[at] = c;
                    } else {
                        replaced.push(c);
                    }
                    texts.push(replaced.into_iter().collect::<String>());
                }
                let mut dropped = chars.clone();
                if at < chars.len() {
                    dropped.remove(at);
                }
                texts.push(dropped.into_iter().collect());
                texts.push(chars[..at].iter().collect());
                for t in texts {
                    if let Err(e) = read(&t) {
                        assert!(e.starts_with("not a valid RFC3339 timestamp"), "{t:?}: {e}");
                    }
                }
            }
        }
    }

    #[test]
    fn text_cut_inside_a_character_is_described_without_panicking() {
        // Go slices bytes: the offset's minutes end inside "é"; the text named starts there.
        let e = read("2023-01-02T03:04:05+25:xé").unwrap_err();
        assert!(
            e.starts_with("not a valid RFC3339 timestamp: cannot use"),
            "{e}"
        );
    }
}
