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

fn parse_v4(s: &str) -> Option<u32> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut out = 0u32;
    for p in parts {
        if p.is_empty() || p.len() > 3 || !p.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u32 = p.parse().ok()?;
        if n > 255 {
            return None;
        }
        out = (out << 8) | n;
    }
    Some(out)
}

fn parse_cidr(a: &Args, s: &str) -> Result<Net, EvalError> {
    let bad = || {
        a.fail(format!(
            "invalid CIDR expression: invalid CIDR address: {s}"
        ))
    };
    let (ip, len) = s.split_once('/').ok_or_else(bad)?;
    if len.is_empty() || len.len() > 3 || !len.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let len: u32 = len.parse().map_err(|_| bad())?;
    if let Some(v4) = parse_v4(ip) {
        if len > 32 {
            return Err(bad());
        }
        return Ok(Net {
            addr: u128::from(v4),
            len,
            v4: true,
        });
    }
    if ip.contains(':') {
        let v6: Ipv6Addr = ip.parse().map_err(|_| bad())?;
        if len > 128 {
            return Err(bad());
        }
        return Ok(Net {
            addr: u128::from(v6),
            len,
            v4: false,
        });
    }
    Err(bad())
}

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

fn subnet(a: &Args, net: Net, newbits: i128, netnum: i128) -> Result<Net, EvalError> {
    if newbits < 0 || net.len as i128 + newbits > net.bits() as i128 {
        return Err(a.fail(format!(
            "insufficient address space to extend prefix of {} by {newbits}",
            net.len
        )));
    }
    let newlen = net.len + newbits as u32;
    let max: i128 = if newbits >= 127 {
        i128::MAX
    } else {
        1i128 << newbits
    };
    if netnum < 0 || netnum >= max {
        return Err(a.fail(format!(
            "prefix extension of {newbits} does not accommodate a subnet numbered {netnum}"
        )));
    }
    let shift = net.bits() - newlen;
    let addr = net.network() | ((netnum as u128) << shift);
    Ok(Net {
        addr,
        len: newlen,
        v4: net.v4,
    })
}

/// `cidrsubnet(prefix, newbits, netnum)`
pub(crate) fn cidrsubnet(a: &Args) -> Result<Value, EvalError> {
    let net = parse_cidr(a, &a.get::<String>(0)?)?;
    let newbits = whole(a, 1)?;
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
    let net = parse_cidr(a, &a.get::<String>(0)?)?;
    let mut out = Vec::new();
    let mut next: u128 = net.network();
    let end: u128 = net.network().saturating_add(if net.host_bits() >= 128 {
        u128::MAX
    } else {
        (1u128 << net.host_bits()) - 1
    });
    for i in 1..a.len() {
        let nb = whole(a, i)?;
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
