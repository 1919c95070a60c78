//! Which number literals Terraform can read.
//!
//! HCL reads a number token with cty's `ParseNumberVal`, which is Go's `big.ParseFloat` at 512
//! bits. Besides the token's shape (digits, at most one `.`, an optional exponent), that
//! refuses two things:
//! - an exponent that does not fit a signed 64-bit integer (`0e99999999999999999999` too);
//! - a non-zero value whose binary exponent before scaling by the power of five, the bit
//!   length of the digits read as one integer, minus the number of fraction digits, plus the
//!   exponent, is outside the 32-bit range (`1e2147483647` is refused, `1e646456994` and
//!   `1e-2147483648` are read).

/// The binary exponent range of Go's `big.Float`.
const MIN_EXP: i128 = i32::MIN as i128;
const MAX_EXP: i128 = i32::MAX as i128;

/// Mantissas up to this many significant digits have their bit length computed exactly; longer
/// ones (far beyond any real configuration) are bounded by logarithms instead.
const EXACT_DIGITS: usize = 20_000;

/// Whether Terraform reads the number token `text`.
pub(super) fn valid_number(text: &str) -> bool {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let (int, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if fraction.contains('.') {
        return false;
    }
    let exponent: i64 = match exponent {
        None => 0,
        Some(e) => {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return false;
            }
            match e.parse() {
                Ok(n) => n,
                Err(_) => return false,
            }
        }
    };
    let digits = int
        .bytes()
        .chain(fraction.bytes())
        .skip_while(|&b| b == b'0');
    let base = exponent as i128 - fraction.len() as i128;
    let in_range = |bits: i128| (MIN_EXP..=MAX_EXP).contains(&(bits + base));
    // Up to 19 significant digits fit a `u64`, whose bit length is read off it: no digits are
    // collected for the common short literal.
    let mut short = 0u64;
    let mut count = 0;
    for b in digits.clone() {
        if count == 19 {
            count = 20;
            break;
        }
        short = short * 10 + u64::from(b - b'0');
        count += 1;
    }
    if count == 0 {
        return true;
    }
    if count < 20 {
        return in_range(i128::from(u64::BITS - short.leading_zeros()));
    }
    let significant: Vec<u8> = digits.map(|b| b - b'0').collect();
    if significant.len() <= EXACT_DIGITS {
        return in_range(bit_length(&significant) as i128);
    }
    // n digits hold between (n - 1)·log2(10) + 1 and n·log2(10) bits.
    let n = significant.len() as f64;
    let low = ((n - 1.0) * std::f64::consts::LOG2_10).floor() as i128 + 1;
    let high = (n * std::f64::consts::LOG2_10).ceil() as i128;
    in_range(low) && in_range(high)
}

/// The number of bits of the integer whose decimal digits (most significant first, the first
/// non-zero) are `digits`.
fn bit_length(digits: &[u8]) -> u64 {
    // Little-endian base-2^32 limbs.
    let mut limbs: Vec<u32> = Vec::with_capacity(digits.len() / 9 + 1);
    for chunk in digits.chunks(9) {
        let mut scale = 1u64;
        let mut add = 0u64;
        for &d in chunk {
            scale *= 10;
            add = add * 10 + u64::from(d);
        }
        let mut carry = add;
        for limb in limbs.iter_mut() {
            let v = u64::from(*limb) * scale + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
    }
    let top = *limbs.last().expect("a non-zero value");
    (limbs.len() as u64 - 1) * 32 + u64::from(32 - top.leading_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_lengths() {
        for n in [
            1u128,
            2,
            3,
            7,
            8,
            255,
            256,
            999_999_999,
            1_000_000_000,
            u64::MAX as u128,
            u128::MAX,
        ] {
            let digits: Vec<u8> = n.to_string().bytes().map(|b| b - b'0').collect();
            assert_eq!(
                bit_length(&digits),
                u64::from(128 - n.leading_zeros()),
                "{n}"
            );
        }
    }

    #[test]
    fn short_mantissas_agree_with_the_exact_bit_length() {
        let mantissas = [
            "1",
            "8",
            "9",
            "0007",
            "4294967296",
            "999999999999999999",
            "9223372036854775808",
            "9999999999999999999",
            "99999999999999999999",
            "12.5",
            "0.000123",
        ];
        for m in mantissas {
            let (int, fraction) = m.split_once('.').unwrap_or((m, ""));
            let digits: Vec<u8> = int
                .bytes()
                .chain(fraction.bytes())
                .skip_while(|&b| b == b'0')
                .map(|b| b - b'0')
                .collect();
            let bits = i128::from(bit_length(&digits));
            for edge in [MAX_EXP - bits, MIN_EXP - bits] {
                for exp in edge - 3..=edge + 3 {
                    let exp = exp + fraction.len() as i128;
                    let want = (MIN_EXP..=MAX_EXP).contains(&(bits + exp - fraction.len() as i128));
                    assert_eq!(valid_number(&format!("{m}e{exp}")), want, "{m}e{exp}");
                }
            }
        }
    }

    /// Terraform 1.11.4's verdicts (`terraform validate` on `a = <literal>`).
    #[test]
    fn terraform_reads_these_and_refuses_those() {
        for ok in [
            "1",
            "007",
            "5.",
            "1.5e400",
            "5.63937047203182096022e400",
            "1e646456992",
            "1e646456993",
            "1e646456994",
            "12e646456992",
            "10e646456992",
            "0.1e646456994",
            "1e-646456992",
            "1e-646457000",
            "1e-2147483648",
            "0e9999999999",
            "0.0e9999999999",
            // At the edges: bit length + exponent - fraction digits = i32::MAX or i32::MIN.
            "1e2147483646",
            "7e2147483644",
            "100000000000000000000e2147483580",
            "1e-2147483649",
            "0.01e-2147483647",
        ] {
            assert!(valid_number(ok), "{ok}");
        }
        for bad in [
            "1e2147483647",
            "1e2147483648",
            "1e9223372036854775807",
            "1e9223372036854775808",
            "1e-9223372036854775808",
            "1e-9223372036854775809",
            "0e99999999999999999999",
            "1234567890123456789012345678901234567890123451e678901234567890",
            "1.2.3",
            "1e",
            "1e+",
            "2e2147483646",
            "8e2147483644",
            "9e2147483644",
            "1e-2147483650",
            "0.001e-2147483647",
        ] {
            assert!(!valid_number(bad), "{bad}");
        }
    }
}
