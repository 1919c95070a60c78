//! `contains([…], lower(var.x))` and `upper(…)` as a pattern.
//!
//! Terraform's `lower` and `upper` map each character to one character (Go's simple case
//! mapping), so the strings whose mapping is a literal are, character by character, those made of
//! characters that map to the literal's: for `"kit"` under `lower`, `(?:K|k|\u212A)(?:I|i|\u0130)
//! (?:T|t)`. The characters each one comes from are read from a table of every character the
//! mapping changes, written at build time (`codegen/build.rs`, with `case_pairs.rs`) and held to
//! the runtime's functions by the tests.
//!
//! Terraform maps NFC text and compares the NFC form of the result. On text NFC leaves alone the
//! pattern is exact: every such character maps to a character NFC leaves alone (the tests check
//! all of them), so the result is NFC too. Text NFC could change passes unchecked, as for every
//! rule on text under `--terraform-conversions` (`super::nfc`).

use super::ecma_regex::escape_literal;

include!(concat!(env!("OUT_DIR"), "/case_pairs.rs"));

/// Which of Terraform's case mappings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CaseMapping {
    Lower,
    Upper,
}

impl CaseMapping {
    pub(crate) fn function(name: &str) -> Option<CaseMapping> {
        match name {
            "lower" => Some(CaseMapping::Lower),
            "upper" => Some(CaseMapping::Upper),
            _ => None,
        }
    }

    fn pairs(self) -> &'static [(char, char)] {
        match self {
            CaseMapping::Lower => LOWER_PAIRS,
            CaseMapping::Upper => UPPER_PAIRS,
        }
    }

    /// The characters the mapping turns into `c`, in code point order.
    fn sources(self, c: char) -> Vec<char> {
        let pairs = self.pairs();
        let mut sources: Vec<char> = pairs
            .iter()
            .filter(|(_, image)| *image == c)
            .map(|(source, _)| *source)
            .collect();
        if pairs
            .binary_search_by_key(&c, |(source, _)| *source)
            .is_err()
        {
            // Left as it is.
            sources.push(c);
        }
        sources.sort_unstable();
        sources
    }
}

/// An anchored pattern of the strings whose `mapping` is one of `literals`; `None` when no
/// string's can be.
pub(crate) fn preimage_pattern(mapping: CaseMapping, literals: &[&str]) -> Option<String> {
    let mut alternatives: Vec<String> = Vec::new();
    'literals: for literal in literals {
        let mut alternative = String::new();
        for c in literal.chars() {
            let sources = mapping.sources(c);
            match sources.as_slice() {
                [] => continue 'literals,
                [one] => alternative.push_str(&escape_literal(&one.to_string())),
                many => {
                    // An alternation rather than a class: a character above U+FFFF is then
                    // matched as a whole by ECMA engines without the `u` flag too.
                    alternative.push_str("(?:");
                    for (i, source) in many.iter().enumerate() {
                        if i > 0 {
                            alternative.push('|');
                        }
                        alternative.push_str(&escape_literal(&source.to_string()));
                    }
                    alternative.push(')');
                }
            }
        }
        if !alternatives.contains(&alternative) {
            alternatives.push(alternative);
        }
    }
    if alternatives.is_empty() {
        return None;
    }
    Some(format!("^(?:{})$", alternatives.join("|")))
}

#[cfg(test)]
mod tests {
    use super::super::case_pairs::{changed_by, simple_lower, simple_upper};
    use super::super::nfc_classes::nfc_changeable;
    use super::*;

    #[test]
    fn the_tables_are_the_runtimes_mappings() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(
                simple_lower(c),
                tfvars_runtime::eval::simple_lower(c),
                "{c:?}"
            );
            assert_eq!(
                simple_upper(c),
                tfvars_runtime::eval::simple_upper(c),
                "{c:?}"
            );
        }
        assert_eq!(LOWER_PAIRS, changed_by(simple_lower));
        assert_eq!(UPPER_PAIRS, changed_by(simple_upper));
    }

    #[test]
    fn text_nfc_leaves_alone_maps_to_text_nfc_leaves_alone() {
        for (c, image) in LOWER_PAIRS.iter().chain(UPPER_PAIRS) {
            assert!(
                nfc_changeable(*c) || !nfc_changeable(*image),
                "{c:?} maps to {image:?}"
            );
        }
    }

    #[test]
    fn the_pattern_holds_exactly_the_strings_that_map_to_a_literal() {
        let cases: [(CaseMapping, &[&str]); 4] = [
            (CaseMapping::Lower, &["standard", "premium", "kit", "i"]),
            (CaseMapping::Upper, &["LINUX", "WINDOWS", "SS", "I", "K"]),
            (CaseMapping::Lower, &["Standard", "ab-c.d*"]),
            (CaseMapping::Upper, &["\u{10400}", "\u{C9}T\u{C9}"]),
        ];
        let inputs = [
            "standard",
            "Standard",
            "STANDARD",
            "sTaNdArD",
            "standarD ",
            "premium",
            "PREMIUM",
            "kit",
            "KIT",
            "\u{130}",
            "i",
            "I",
            "\u{131}",
            "\u{17F}\u{17F}",
            "ss",
            "SS",
            "linux",
            "Linux",
            "LINUX",
            "windows",
            "k",
            "K",
            "\u{10428}",
            "\u{10400}",
            "\u{E9}t\u{E9}",
            "\u{C9}T\u{C9}",
            "",
            "ab-c.d*",
            "AB-C.D*",
            "ab-cxd*",
            "\u{1E9E}",
            "standard\n",
        ];
        for (mapping, literals) in cases {
            let map = match mapping {
                CaseMapping::Lower => simple_lower,
                CaseMapping::Upper => simple_upper,
            };
            let pattern = preimage_pattern(mapping, literals);
            let re = pattern.as_deref().map(|p| regex::Regex::new(p).expect(p));
            for input in inputs.iter().filter(|s| !s.chars().any(nfc_changeable)) {
                let mapped: String = input.chars().map(map).collect();
                let terraform = literals.contains(&mapped.as_str());
                let ours = re.as_ref().is_some_and(|re| re.is_match(input));
                assert_eq!(
                    ours, terraform,
                    "{mapping:?} {literals:?} {input:?} {pattern:?}"
                );
            }
        }
        assert_eq!(
            preimage_pattern(CaseMapping::Lower, &["kit"]).as_deref(),
            Some("^(?:(?:K|k|\u{212A})(?:I|i|\u{130})(?:T|t))$")
        );
        assert_eq!(preimage_pattern(CaseMapping::Lower, &["ABC"]), None);
    }
}
