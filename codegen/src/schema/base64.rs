//! `can(base64decode(x))`: Terraform decodes standard base64 (padding required, line breaks
//! anywhere skipped, trailing bits not checked) and then requires the bytes to be UTF-8. The
//! first part is a pattern; the second is not one of a practical size (the pattern would track
//! the UTF-8 state through every 4-character group). So the pattern accepts every string
//! Terraform accepts and the base64 of bytes that are not UTF-8 too (`"true"` decodes to
//! `B6 BB 9E`): the variable is listed as inexact, and a negation of the pattern, which would
//! reject such text Terraform accepts, is refused.

use super::translate::Rules;

/// Standard base64 with padding, `\r` and `\n` anywhere.
pub(crate) const SYNTAX: &str = r"^[\r\n]*(?:(?:[A-Za-z0-9+/][\r\n]*){4})*(?:(?:[A-Za-z0-9+/][\r\n]*){2}=[\r\n]*=[\r\n]*|(?:[A-Za-z0-9+/][\r\n]*){3}=[\r\n]*)?$";

/// Why a variable whose rules hold the pattern accepts more than Terraform.
pub(crate) const INEXACT: &str = "`can(base64decode(…))` is checked as base64 syntax; Terraform also requires the decoded bytes to be UTF-8";

/// Whether the rules, at any depth, require (`forbidden` false) or forbid the pattern.
pub(crate) fn used(r: &Rules, forbidden: bool) -> bool {
    let list = if forbidden {
        &r.forbidden_patterns
    } else {
        &r.patterns
    };
    list.iter().any(|p| p == SYNTAX)
        || [&r.items, &r.values, &r.keys, &r.members]
            .into_iter()
            .flatten()
            .any(|c| used(c, forbidden))
        || r.first.iter().any(|c| used(c, forbidden))
        || r.properties.iter().any(|(_, c)| used(c, forbidden))
        || r.any_of.iter().flatten().any(|c| used(c, forbidden))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Terraform 1.11.4's `base64decode` on each text (`terraform console`): whether it decodes.
    const DECODES: &[(&str, bool)] = &[
        ("dGVzdA==\n", true),
        ("dGV\nzdA==", true),
        ("\r\ndGVzdA==", true),
        ("dGVzdA", false),
        ("dGVzdB==", true),
        ("dA==dA==", false),
        ("", true),
        ("dGVzdA=\n=", true),
        ("dGVzdA= =", false),
        ("dGVz dA==", false),
        ("dGVzdA===", false),
        ("dGVzdA=", false),
        ("dGVzdGE=", true),
        ("dGVzdGF=", true),
        ("====", false),
        ("\n", true),
    ];

    #[test]
    fn the_pattern_is_terraforms_base64_syntax() {
        let re = regex::Regex::new(SYNTAX).expect("compiles");
        for (text, decodes) in DECODES {
            assert_eq!(re.is_match(text), *decodes, "{text:?}");
        }
        // Valid syntax whose bytes are not UTF-8: Terraform refuses it, the pattern does not.
        assert!(re.is_match("true"));
    }
}
