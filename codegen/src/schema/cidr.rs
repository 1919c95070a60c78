//! ECMA-262 patterns for the strings Terraform's CIDR functions accept.
//!
//! Terraform reads a CIDR prefix as the Go standard library did before Go 1.17 (its `ipaddr`
//! package keeps that reading): an address, `/`, and a decimal prefix length with any number
//! of leading zeros. An IPv4 address is four decimal octets (leading zeros allowed, read as
//! decimal); an IPv6 address is hexadecimal groups of value at most 0xFFFF (leading zeros
//! allowed), at most one `::` standing for at least one zero group, optionally ending in an
//! IPv4 address, and no zone. No whitespace anywhere. The prefix length is at most 32 for an
//! IPv4 address and 128 for an IPv6 one (an IPv4 address written in IPv6 form counts 128).
//! `codegen/tests/data/cidr.json` records Terraform 1.11.4's verdicts these patterns are held to.

/// A decimal octet: 0 to 255 after leading zeros (written so that a string matches in one way
/// only: backtracking matchers stay linear).
const OCTET: &str = "(?:0*(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]?)|0+)";
/// A hexadecimal group: at most 0xFFFF after leading zeros.
const GROUP: &str = "(?:0*[1-9A-Fa-f][0-9A-Fa-f]{0,3}|0+)";

fn ipv4() -> String {
    format!("{OCTET}(?:\\.{OCTET}){{3}}")
}

/// `n` groups each followed by `:`.
fn groups_colon(n: usize) -> String {
    match n {
        0 => String::new(),
        1 => format!("{GROUP}:"),
        n => format!("(?:{GROUP}:){{{n}}}"),
    }
}

/// Between `lo` and `hi` groups each followed by `:`.
fn groups_colon_range(lo: usize, hi: usize) -> String {
    if hi == 0 {
        String::new()
    } else {
        format!("(?:{GROUP}:){{{lo},{hi}}}")
    }
}

/// An IPv6 address as Terraform reads it: eight groups, or six and an IPv4 address; or
/// groups around one `::` that stands for at least one zero group (so at most seven groups,
/// an IPv4 address counting two).
fn ipv6() -> String {
    let v4 = ipv4();
    let mut alternatives = vec![
        format!("{}{GROUP}", groups_colon(7)),
        format!("{}{v4}", groups_colon(6)),
    ];
    // `left` groups before `::`, then up to 7 - left groups after it (hex only, the last
    // without a colon), or up to 5 - left groups and an IPv4 address.
    for left in 0..=7usize {
        let before = match left {
            0 => String::new(),
            n => format!("{}{GROUP}", groups_colon(n - 1)),
        };
        let right_max = 7 - left;
        let hex_after = if right_max == 0 {
            String::new()
        } else {
            format!("(?:{}{GROUP})?", groups_colon_range(0, right_max - 1))
        };
        alternatives.push(format!("{before}::{hex_after}"));
        if left <= 5 {
            alternatives.push(format!("{before}::{}{v4}", groups_colon_range(0, 5 - left)));
        }
    }
    format!("(?:{})", alternatives.join("|"))
}

/// The decimal numbers `min` (0 or 1) to `max` without leading zeros, as a group of
/// alternatives.
fn upto(max: u32, min: u32) -> String {
    if max < 10 {
        return format!("[{min}-{max}]");
    }
    let digits: Vec<u32> = max
        .to_string()
        .bytes()
        .map(|b| u32::from(b - b'0'))
        .collect();
    let len = digits.len();
    let mut alternatives = vec![format!("[{min}-9]")];
    for l in 2..len {
        alternatives.push(match l - 1 {
            1 => "[1-9][0-9]".to_string(),
            n => format!("[1-9][0-9]{{{n}}}"),
        });
    }
    let mut prefix = String::new();
    for (i, &d) in digits.iter().enumerate() {
        let lo = u32::from(i == 0);
        if d > lo {
            let rest = len - i - 1;
            let tail = match rest {
                0 => String::new(),
                1 => "[0-9]".to_string(),
                n => format!("[0-9]{{{n}}}"),
            };
            let class = if d - 1 == lo {
                lo.to_string()
            } else {
                format!("[{lo}-{}]", d - 1)
            };
            alternatives.push(format!("{prefix}{class}{tail}"));
        }
        prefix.push(char::from_digit(d, 10).unwrap_or('0'));
    }
    alternatives.push(prefix);
    format!("(?:{})", alternatives.join("|"))
}

/// A prefix length from 0 to `max`, leading zeros allowed.
fn length(max: u32) -> String {
    if max == 0 {
        return "0+".into();
    }
    format!("(?:0*{}|0+)", upto(max, 1))
}

/// The number of host bits `cidrhost(prefix, hostnum)` needs: the smallest `h` with
/// `2^h - 1 >= hostnum` (for a negative `hostnum`, counting from the end, `2^h >= -hostnum`).
fn host_bits(hostnum: i128) -> u32 {
    let needed: u128 = if hostnum >= 0 {
        hostnum as u128
    } else {
        hostnum.unsigned_abs() - 1
    };
    128 - needed.leading_zeros()
}

/// The pattern for the strings `s` with which `cidrhost(s, hostnum)` succeeds; `None` when
/// `hostnum` is beyond what is checked here (an absolute value of 2^62 or more, where
/// Terraform's conversion of big host numbers has quirks of its own).
pub fn cidrhost(hostnum: i128) -> Option<String> {
    if hostnum.unsigned_abs() >= 1 << 62 {
        return None;
    }
    let bits = host_bits(hostnum);
    let mut alternatives = Vec::new();
    if bits <= 32 {
        alternatives.push(format!("{}/{}", ipv4(), length(32 - bits)));
    }
    alternatives.push(format!("{}/{}", ipv6(), length(128 - bits)));
    Some(format!("^(?:{})$", alternatives.join("|")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_up_to() {
        for max in [
            1u32, 7, 9, 10, 11, 19, 20, 31, 32, 99, 100, 101, 127, 128, 200,
        ] {
            for min in [0, 1] {
                let re = regex::Regex::new(&format!("^{}$", upto(max, min))).unwrap();
                for n in 0..=300u32 {
                    let want = n <= max && n >= min;
                    assert_eq!(re.is_match(&n.to_string()), want, "{n} in {min}..={max}");
                }
                assert!(!re.is_match("01"), "no leading zeros in {max}");
            }
        }
        for max in [0u32, 1, 9, 10, 32, 128] {
            let re = regex::Regex::new(&format!("^{}$", length(max))).unwrap();
            for n in 0..=300u32 {
                for zeros in ["", "0", "000"] {
                    let s = format!("{zeros}{n}");
                    assert_eq!(re.is_match(&s), n <= max, "{s} against {max}");
                }
            }
            assert!(!re.is_match(""));
        }
    }

    #[test]
    fn host_bits_needed() {
        assert_eq!(host_bits(0), 0);
        assert_eq!(host_bits(1), 1);
        assert_eq!(host_bits(2), 2);
        assert_eq!(host_bits(3), 2);
        assert_eq!(host_bits(4), 3);
        assert_eq!(host_bits(255), 8);
        assert_eq!(host_bits(256), 9);
        assert_eq!(host_bits(-1), 0);
        assert_eq!(host_bits(-2), 1);
        assert_eq!(host_bits(-256), 8);
        assert_eq!(host_bits(-257), 9);
    }
}
