//! Strings that NFC could change, accepted unchecked under `--terraform-conversions`.
//!
//! Terraform puts every string in Unicode NFC (values, map keys and object attribute names)
//! before a rule sees it, and `length()` counts the grapheme clusters of that text; JSON Schema
//! compares and counts the text as given. A string holding no character that NFC could change
//! (see [`nfc_changeable`]) is its own NFC form, so for such strings a keyword judges what
//! Terraform judges. Every other string is let through a node whose rules look at the text,
//! unchecked: an `anyOf` beside the rules' node refers to one shared definition at the root of
//! the schema, a `pattern` of those characters. A maximum length refers to a wider class, which
//! also holds the characters that join a neighbour into one grapheme cluster (so that a string
//! without any of them has as many clusters as characters).
//!
//! The classes are computed at build time (`codegen/build.rs`, with `nfc_classes.rs`) from the
//! tables of `unicode-normalization` and `unicode-segmentation` (the crates the runtime
//! normalises and counts with). Characters above
//! U+FFFF are all in both classes (`[^\u0000-\uD7FF\uE000-\uFFFF]`): writing them one by one
//! needs `\u{…}`, which an ECMA-262 engine without the `u` flag reads otherwise. That form
//! matches an astral character in every engine the schema is written for: a code-point engine
//! (ECMA with `u`, Rust, Python) sees a character outside the BMP, an ECMA engine without `u` a
//! surrogate code unit of it.

use std::sync::OnceLock;

use super::nfc_classes::joins_cluster;
pub(crate) use super::nfc_classes::nfc_changeable;
use super::translate::Rules;

// `NFC_CLASS`, `LENGTH_CLASS` (patterns) and `ASCII_IMAGES`, written by the build script.
include!(concat!(env!("OUT_DIR"), "/nfc_classes.rs"));
use crate::json_text::Json;

/// Which strings a node lets through unchecked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Escape {
    /// Strings NFC could change: for rules on the text (allowed values, patterns).
    Nfc,
    /// Those, and strings with fewer grapheme clusters than characters: for a maximum length.
    Length,
}

/// Every escape, in the order of [`Escape::index`].
pub(crate) const ESCAPES: [Escape; 2] = [Escape::Nfc, Escape::Length];

impl Escape {
    pub(crate) fn index(self) -> usize {
        match self {
            Escape::Nfc => 0,
            Escape::Length => 1,
        }
    }

    /// The name of the root definition.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Escape::Nfc => "nfc-changeable-string",
            Escape::Length => "nfc-changeable-or-clustered-string",
        }
    }

    /// `{"$ref": "#/definitions/NAME"}`.
    pub(crate) fn reference(self) -> Json {
        let mut r = Json::object();
        r.set("$ref", Json::str(format!("#/definitions/{}", self.name())));
        r
    }

    /// The root definition: a string holding a character of the class.
    pub(crate) fn definition(self) -> Json {
        let mut d = Json::object();
        d.set("pattern", Json::str(self.pattern()))
            .set("type", Json::str("string"));
        d
    }

    fn pattern(self) -> &'static str {
        match self {
            Escape::Nfc => NFC_CLASS,
            Escape::Length => LENGTH_CLASS,
        }
    }

    /// Whether the class holds a character of `s`.
    pub(crate) fn holds(self, s: &str) -> bool {
        s.chars().any(|c| match self {
            Escape::Nfc => !c.is_ascii() && (c > '\u{FFFF}' || nfc_changeable(c)),
            Escape::Length => {
                c == '\r'
                    || (!c.is_ascii() && (c > '\u{FFFF}' || nfc_changeable(c) || joins_cluster(c)))
            }
        })
    }
}

/// The escape a string node with `rules` needs: `Length` for a maximum length (Terraform counts
/// the grapheme clusters of NFC text, never more than the characters given); `Nfc` for allowed
/// values NFC text could equal otherwise, and for patterns and forbidden patterns some string
/// with a [`reachable`] character matches; `None` for rules NFC cannot turn: values that must
/// not be given (a string equal to one is its NFC form, since literals are), a minimum length
/// (NFC text has no more clusters than the text characters), patterns that only match ASCII
/// text without `K`, `;` and `` ` `` (such text is the NFC form of itself alone, and a string
/// NFC changes keeps a character outside it, so neither matches).
pub(crate) fn needed(rules: &Rules) -> Option<Escape> {
    // (A maximum length of an untyped value that must be an object counts its attributes.)
    let own = if rules.max_length.is_some() && !rules.object_only {
        Some(Escape::Length)
    } else if rules
        .patterns
        .iter()
        .chain(&rules.forbidden_patterns)
        .any(|p| !matches_only_unreachable(p))
        || rules.allowed.iter().flatten().any(|v| match v {
            tfvars_runtime::Value::String(s) => reachable(s),
            _ => false,
        })
    {
        Some(Escape::Nfc)
    } else {
        None
    };
    rules
        .any_of
        .iter()
        .flatten()
        .filter_map(needed)
        .chain(own)
        .max()
}

/// Whether some other string has `s` as its NFC form: `s` holds a character that is not ASCII
/// (composed, or a mark that could follow in another order), or an ASCII character of the NFC
/// form of a changeable character (`K` of U+212A KELVIN SIGN, `;` of U+037E, `` ` `` of
/// U+1FEF). NFC of a string holding a changeable character keeps a non-ASCII character unless
/// each one is such a singleton.
pub(crate) fn reachable(s: &str) -> bool {
    s.chars()
        .any(|c| !c.is_ascii() || ascii_images().contains(&c))
}

/// The ASCII characters of the NFC forms of changeable characters.
fn ascii_images() -> &'static [char] {
    ASCII_IMAGES
}

type PatternAnswers = std::sync::Mutex<std::collections::HashMap<String, bool>>;

fn pattern_answers() -> &'static PatternAnswers {
    static ANSWERS: OnceLock<PatternAnswers> = OnceLock::new();
    ANSWERS.get_or_init(Default::default)
}

/// Records that every string `pattern` matches is ASCII without `K`, `;` or `` ` ``, for a
/// pattern built here over such characters (a CIDR prefix's): searching a large pattern's DFA
/// costs milliseconds.
pub(crate) fn known_unreachable_only(pattern: &str) {
    if let Ok(mut answers) = pattern_answers().lock() {
        answers.insert(pattern.to_string(), true);
    }
}

/// Whether every string holding a match of `pattern` is ASCII without a [`reachable`]
/// character; false when that cannot be told (then the escape is written). Computed once per
/// pattern and process.
pub(crate) fn matches_only_unreachable(pattern: &str) -> bool {
    if let Some(known) = pattern_answers()
        .lock()
        .ok()
        .and_then(|a| a.get(pattern).copied())
    {
        return known;
    }
    let answer = search_reachable(pattern) == Some(false);
    if let Ok(mut answers) = pattern_answers().lock() {
        answers.insert(pattern.to_string(), answer);
    }
    answer
}

/// Whether some byte string with a byte that is not ASCII or is an ASCII image (see
/// [`reachable`]) contains a match of `pattern`, read byte by byte (a pattern with a character
/// beyond ASCII, which this reading refuses, is not decided): a breadth-first search of the pattern's
/// unanchored lazy DFA, with a flag for such a byte seen. A match found in the middle of the
/// text holds for every extension, where such a byte can be added. `None` when the DFA is not
/// built or the state budget is spent.
fn search_reachable(pattern: &str) -> Option<bool> {
    use regex_automata::hybrid::dfa::DFA;
    use regex_automata::util::start::Config;
    use regex_automata::Anchored;
    const BUDGET: usize = 20_000;
    let special = |b: u8| b >= 0x80 || ascii_images().contains(&char::from(b));
    // Bytes, with ASCII `\d`, `\w` and `\b` as the written dialect has them: a class that
    // matches a character beyond ASCII matches one of its bytes here, which is flagged.
    let dfa = DFA::builder()
        .syntax(
            regex_automata::util::syntax::Config::new()
                .unicode(false)
                .utf8(false),
        )
        .build(pattern)
        .ok()?;
    let mut cache = dfa.create_cache();
    let start = dfa
        .start_state(&mut cache, &Config::new().anchored(Anchored::No))
        .ok()?;
    // One byte per (class, special) pair: bytes of a class move the DFA alike.
    let mut representatives: Vec<u8> = Vec::new();
    let mut kinds = std::collections::HashSet::new();
    for b in 0..=255u8 {
        if kinds.insert((dfa.byte_classes().get(b), special(b))) {
            representatives.push(b);
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut queue = std::collections::VecDeque::from([(start, false)]);
    seen.insert((start, false));
    while let Some((s, flagged)) = queue.pop_front() {
        if seen.len() > BUDGET || cache.clear_count() > 0 {
            return None;
        }
        if flagged {
            let end = dfa.next_eoi_state(&mut cache, s).ok()?;
            if end.is_quit() || end.is_unknown() || cache.clear_count() > 0 {
                return None;
            }
            if end.is_match() {
                return Some(true);
            }
        }
        for &b in &representatives {
            let t = dfa.next_state(&mut cache, s, b).ok()?;
            if t.is_quit() || t.is_unknown() || cache.clear_count() > 0 {
                return None;
            }
            if t.is_match() {
                // A match ended before `b`: it stays in every extension, such a byte added.
                return Some(true);
            }
            if t.is_dead() {
                continue;
            }
            let next = (t, flagged || special(b));
            if seen.insert(next) {
                queue.push_back(next);
            }
        }
    }
    Some(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_written_classes_are_those_of_the_tables() {
        use super::super::nfc_classes::{ascii_images_in, class};
        assert_eq!(NFC_CLASS, class(nfc_changeable));
        assert_eq!(
            LENGTH_CLASS,
            class(|c| nfc_changeable(c) || joins_cluster(c))
        );
        assert_eq!(ASCII_IMAGES, ascii_images_in(0x80..=0x10FFFF));
    }

    #[test]
    fn the_classes_compile_and_match() {
        for escape in ESCAPES {
            let re = regex::Regex::new(escape.pattern()).expect("compiles");
            for s in [
                "e\u{301}",
                "\u{212A}",
                "\u{37E}",
                "a\u{301}",
                "x\u{323}\u{302}",
                "😀",
            ] {
                assert!(re.is_match(s), "{escape:?} {s:?}");
                assert!(escape.holds(s), "{escape:?} {s:?}");
            }
            for s in [
                "", "abc", "\u{E9}", "K;`", "a/b-c_d", "\u{AC00}", "\u{FFFD}",
            ] {
                assert!(!re.is_match(s), "{escape:?} {s:?}");
                assert!(!escape.holds(s), "{escape:?} {s:?}");
            }
        }
        let length = regex::Regex::new(Escape::Length.pattern()).expect("compiles");
        for s in [
            "\r\n",
            "a\u{200D}",
            "\u{1100}\u{1100}",
            "\u{915}\u{93F}",
            "\u{600}1",
        ] {
            assert!(length.is_match(s), "{s:?}");
            assert!(Escape::Length.holds(s), "{s:?}");
            assert!(!Escape::Nfc.holds(s) || s.contains('\u{1161}'), "{s:?}");
        }
    }

    #[test]
    fn a_string_without_the_class_is_its_nfc_form_with_a_cluster_per_character() {
        use unicode_normalization::UnicodeNormalization;
        use unicode_segmentation::UnicodeSegmentation;
        let mut checked = 0;
        for c in (0..=0xFFFFu32).filter_map(char::from_u32) {
            for s in [
                format!("{c}"),
                format!("a{c}"),
                format!("{c}a"),
                format!("{c}{c}"),
            ] {
                if !Escape::Nfc.holds(&s) {
                    assert_eq!(s.nfc().collect::<String>(), s, "{:?}", s);
                    checked += 1;
                }
                if !Escape::Length.holds(&s) {
                    let nfc: String = s.nfc().collect();
                    assert_eq!(nfc.graphemes(true).count(), s.chars().count(), "{:?}", s);
                }
            }
        }
        assert!(checked > 200_000);
    }

    #[test]
    fn patterns_that_only_match_unreachable_text() {
        for (pattern, only) in [
            ("^[a-z0-9-]+$", true),
            ("^\\d{1,3}(\\.\\d{1,3}){3}$", true),
            ("^[a-z]+$|^$", true),
            ("^$", true),
            ("[0-9]", false),
            ("^[A-Z]+$", false),
            ("^[^/]+$", false),
            ("^[a-z;]+$", false),
            ("^[a-z]+", false),
            ("\\u00e9", false),
            ("\u{e9}", false),
            ("^sg-", false),
        ] {
            assert_eq!(matches_only_unreachable(pattern), only, "{pattern}");
        }
    }

    #[test]
    fn ascii_reached_only_through_singletons() {
        assert_eq!(ascii_images(), ['\u{3B}', '\u{4B}', '\u{60}']);
        assert!(reachable("K") && reachable(";") && reachable("`") && reachable("\u{E9}"));
        assert!(!reachable("abc") && !reachable("prod-1") && !reachable(""));
    }
}
