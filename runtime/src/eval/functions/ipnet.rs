//! CIDR functions. Addresses parse as Terraform's `ipaddr` does: IPv4 octets with leading
//! zeros are read as decimal, a bare address is not a CIDR prefix.

use std::net::{Ipv4Addr, Ipv6Addr};

use crate::number::Number;
use crate::types::Type;
use crate::value::Value;

use super::args::Args;
use super::{table, Builtin};
use crate::eval::arith;
use crate::eval::error::EvalError;

pub(super) fn table() -> Vec<(&'static str, Builtin)> {
    table! {
        "cidrhost" => cidrhost, ["prefix", "hostnum"];
        "cidrnetmask" => cidrnetmask, ["prefix"];
        "cidrsubnet" => cidrsubnet, ["prefix", "newbits", "netnum"];
        "cidrsubnets" => cidrsubnets, ["prefix"], ..."newbits";
    }
}

/// A network: the address (as 128 bits), the prefix length, and the family.
#[derive(Clone, Copy)]
struct Net {
    addr: u128,
    len: u32,
    v4: bool,
}

impl Net {
    fn bits(&self) -> u32 {
        if self.v4 {
            32
        } else {
            128
        }
    }

    fn host_bits(&self) -> u32 {
        self.bits() - self.len
    }

    fn network(&self) -> u128 {
        let hb = self.host_bits();
        if hb >= 128 {
            0
        } else {
            (self.addr >> hb) << hb
        }
    }

    fn fmt_addr(&self, a: u128) -> String {
        if self.v4 {
            Ipv4Addr::from(a as u32).to_string()
        } else {
            Ipv6Addr::from(a).to_string()
        }
    }
}

/// Digits as Terraform's `ipaddr` reads them (the Go standard library's reading before Go
/// 1.17): at least one, any number of leading zeros, and a value below 0xFFFFFF; `radix` 10 or
/// 16. Returns the value and the bytes read.
fn digits(s: &[u8], radix: u32) -> Option<(u32, usize)> {
    const BIG: u32 = 0xFF_FFFF;
    let mut n = 0u32;
    let mut i = 0;
    while let Some(d) = s.get(i).and_then(|&b| (b as char).to_digit(radix)) {
        n = n * radix + d;
        if n >= BIG {
            return None;
        }
        i += 1;
    }
    (i > 0).then_some((n, i))
}

/// An IPv4 address: four decimal octets (leading zeros allowed, read as decimal) and nothing
/// after them.
fn parse_v4(s: &[u8]) -> Option<u32> {
    let mut rest = s;
    let mut out = 0u32;
    for i in 0..4 {
        if i > 0 {
            rest = rest.strip_prefix(b".")?;
        }
        let (n, used) = digits(rest, 10)?;
        if n > 255 {
            return None;
        }
        out = (out << 8) | n;
        rest = &rest[used..];
    }
    rest.is_empty().then_some(out)
}

/// An IPv6 address without a zone: hexadecimal groups (any number of leading zeros, a value
/// up to 0xFFFF), at most one `::` standing for at least one zero group, and an IPv4 address
/// in the last 32 bits.
fn parse_v6(s: &[u8]) -> Option<u128> {
    let mut groups = [0u16; 8];
    let mut at = 0; // groups filled
    let mut ellipsis: Option<usize> = None;
    let mut rest = s;
    if let Some(r) = rest.strip_prefix(b"::") {
        ellipsis = Some(0);
        rest = r;
        if rest.is_empty() {
            return Some(0);
        }
    }
    while at < 8 {
        let (n, used) = digits(rest, 16)?;
        if n > 0xFFFF {
            return None;
        }
        if rest.get(used) == Some(&b'.') {
            // An IPv4 address ends the string.
            if (ellipsis.is_none() && at != 6) || at + 2 > 8 {
                return None;
            }
            let v4 = parse_v4(rest)?;
            groups[at] = (v4 >> 16) as u16;
            groups[at + 1] = v4 as u16;
            at += 2;
            rest = &[];
            break;
        }
        groups[at] = n as u16;
        at += 1;
        rest = &rest[used..];
        if rest.is_empty() {
            break;
        }
        if rest[0] != b':' || rest.len() == 1 {
            return None;
        }
        rest = &rest[1..];
        if rest[0] == b':' {
            if ellipsis.is_some() {
                return None;
            }
            ellipsis = Some(at);
            rest = &rest[1..];
            if rest.is_empty() {
                break;
            }
        }
    }
    if !rest.is_empty() {
        return None;
    }
    match ellipsis {
        Some(e) if at < 8 => {
            let shift = 8 - at;
            for j in (e..at).rev() {
                groups[j + shift] = groups[j];
                groups[j] = 0;
            }
        }
        Some(_) => return None,
        None if at < 8 => return None,
        None => {}
    }
    Some(
        groups
            .iter()
            .fold(0u128, |acc, &g| (acc << 16) | u128::from(g)),
    )
}

/// The prefix `s`; a prefix that does not parse fails the call (Terraform's `cidrhost`,
/// `cidrnetmask`, `cidrsubnet`).
fn parse_cidr(a: &Args, s: &str) -> Result<Net, EvalError> {
    parse_cidr_or(s, |message| a.fail(message))
}

/// A CIDR prefix as Terraform reads it: an address, `/`, and a decimal prefix length (leading
/// zeros allowed) no longer than the address; else `bad`'s error from the complaint about it.
fn parse_cidr_or(s: &str, bad: impl Fn(String) -> EvalError) -> Result<Net, EvalError> {
    let bad = || {
        bad(format!(
            "invalid CIDR expression: invalid CIDR address: {s}"
        ))
    };
    let (ip, len) = s.split_once('/').ok_or_else(bad)?;
    let len = match digits(len.as_bytes(), 10) {
        Some((n, used)) if used == len.len() => n,
        _ => return Err(bad()),
    };
    let (addr, v4) = match parse_v4(ip.as_bytes()) {
        Some(v4) => (u128::from(v4), true),
        None => (parse_v6(ip.as_bytes()).ok_or_else(bad)?, false),
    };
    let net = Net { addr, len, v4 };
    if len > net.bits() {
        return Err(bad());
    }
    Ok(net)
}

/// Argument `i` as a whole number of any size (Go's `*big.Int`, as `cidrhost`'s host number and
/// `cidrsubnet`'s network number are read).
fn whole(a: &Args, i: usize) -> Result<i128, EvalError> {
    let n = a.get::<Number>(i)?;
    let d = n
        .as_decimal()
        .filter(|d| d.is_integer())
        .ok_or_else(|| a.fail("value must be a whole number"))?;
    num_traits::ToPrimitive::to_i128(d).ok_or_else(|| a.fail("value is out of range"))
}

/// `cidrhost(prefix, hostnum)`: a negative host number counts from the end of the range.
pub(crate) fn cidrhost(a: &Args) -> Result<Value, EvalError> {
    let net = parse_cidr(a, &a.get::<String>(0)?)?;
    let host = whole(a, 1)?;
    let hb = net.host_bits();
    let size: i128 = if hb >= 127 { i128::MAX } else { 1i128 << hb };
    let idx = if host < 0 { size + host } else { host };
    if idx < 0 || idx >= size {
        let shown = if host < 0 { idx.min(-1) } else { host };
        return Err(a.fail(format!(
            "prefix of {} does not accommodate a host numbered {shown}",
            net.len
        )));
    }
    Ok(Value::String(net.fmt_addr(net.network() + idx as u128)))
}

/// `cidrnetmask(prefix)`: IPv4 only.
pub(crate) fn cidrnetmask(a: &Args) -> Result<Value, EvalError> {
    let s = a.get::<String>(0)?;
    let net = parse_cidr(a, &s)?;
    if !net.v4 {
        return Err(a.fail(format!("IPv6 addresses cannot have a netmask: {s}")));
    }
    let mask = if net.len == 0 {
        0
    } else {
        u32::MAX << (32 - net.len)
    };
    Ok(Value::String(Ipv4Addr::from(mask).to_string()))
}

/// go-cidr's `SubnetBig`, as Terraform's `cidrsubnet` calls it. Its bounds are Go's: the new
/// bits' subnet count is a `uint64` (no bound below 0 bits or from 64), and the network number
/// is checked by its magnitude's low 64 bits, so a negative number within the bound is taken:
/// OR-ed into the address in two's complement, whose magnitude becomes the address
/// (`cidrsubnet("10.0.0.0/24", 2, -1)` is `"0.0.0.64/26"`).
fn subnet(a: &Args, net: Net, newbits: i128, netnum: i128) -> Result<Net, EvalError> {
    let newlen = net.len as i128 + newbits;
    if newlen < 0 || newlen > net.bits() as i128 {
        return Err(a.fail(format!(
            "insufficient address space to extend prefix of {} by {newbits}",
            net.len
        )));
    }
    let max = if (0..64).contains(&newbits) {
        (1u64 << newbits) - 1
    } else {
        u64::MAX
    };
    let magnitude = netnum.unsigned_abs();
    if magnitude as u64 > max {
        return Err(a.fail(format!(
            "prefix extension of {newbits} does not accommodate a subnet numbered {netnum}"
        )));
    }
    let shift = net.bits() - newlen as u32;
    let width = if net.bits() >= 128 {
        u128::MAX
    } else {
        (1u128 << net.bits()) - 1
    };
    let moved = magnitude.checked_shl(shift).unwrap_or(0);
    let addr = if netnum < 0 {
        // -m | x, for x ≥ 0, is -(((m - 1) &^ x) + 1); the address is its magnitude.
        ((moved.wrapping_sub(1) & !net.network()).wrapping_add(1)) & width
    } else {
        (net.network() | moved) & width
    };
    Ok(Net {
        addr,
        len: newlen as u32,
        v4: net.v4,
    })
}

/// `cidrsubnet(prefix, newbits, netnum)`
pub(crate) fn cidrsubnet(a: &Args) -> Result<Value, EvalError> {
    let net = parse_cidr(a, &a.get::<String>(0)?)?;
    let newbits = a.int(1)?.into();
    let netnum = whole(a, 2)?;
    let sub = subnet(a, net, newbits, netnum)?;
    Ok(Value::String(format!(
        "{}/{}",
        sub.fmt_addr(sub.addr),
        sub.len
    )))
}

/// `cidrsubnets(prefix, newbits...)`: consecutive subnets, each aligned to its size.
pub(crate) fn cidrsubnets(a: &Args) -> Result<Value, EvalError> {
    // Here Terraform blames the argument.
    let net = parse_cidr_or(&a.get::<String>(0)?, |message| a.bad(0, message))?;
    let mut out = Vec::new();
    let mut next: u128 = net.network();
    let end: u128 = net.network().saturating_add(if net.host_bits() >= 128 {
        u128::MAX
    } else {
        (1u128 << net.host_bits()) - 1
    });
    for i in 1..a.len() {
        let nb: i128 = a.int_or(i, |c| a.bad(i, c))?.into();
        if nb < 1 {
            return Err(a.bad(i, "must extend prefix by at least one bit"));
        }
        let newlen = net.len as i128 + nb;
        if newlen > net.bits() as i128 {
            return Err(a.bad(
                i,
                format!(
                    "would extend prefix to {newlen} bits, which is too long for an {} address",
                    if net.v4 { "IPv4" } else { "IPv6" }
                ),
            ));
        }
        let shift = net.bits() - newlen as u32;
        let size: u128 = 1u128.checked_shl(shift).unwrap_or(0);
        // Align up to the subnet size.
        let start = if size == 0 || next.is_multiple_of(size) {
            next
        } else {
            (next / size + 1) * size
        };
        if start > end || (size > 0 && start.saturating_add(size - 1) > end) {
            return Err(a.bad(
                i,
                format!(
                    "not enough remaining address space for a subnet with a prefix of {newlen} bits after {}",
                    out.last()
                        .and_then(|v: &Value| if let Value::String(s) = v { Some(s.clone()) } else { None })
                        .unwrap_or_default()
                ),
            ));
        }
        let sub = Net {
            addr: start,
            len: newlen as u32,
            v4: net.v4,
        };
        out.push(Value::String(format!(
            "{}/{}",
            sub.fmt_addr(start),
            sub.len
        )));
        next = start.saturating_add(size);
    }
    let _ = arith::to_i64;
    Ok(Value::List(Type::String, out))
}
