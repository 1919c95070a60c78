//! Strings that NFC could change, accepted unchecked under `--terraform-conversions`.
//!
//! Terraform puts every string in Unicode NFC (values, map keys and object attribute names)
//! before a rule sees it, and `length()` counts the grapheme clusters of that text; JSON Schema
//! compares and counts the text as given. A string NFC cannot change (see
//! [`nfc_classes::nfc_pattern`](super::nfc_classes::nfc_pattern): no character NFC always
//! changes, and no pair NFC could reorder or compose, such as `e` then U+0301) is its own NFC
//! form, so for such strings a keyword judges what Terraform judges; `d` then U+0301 stays as it
//! is, since Unicode has no composed character for it. Every other string is let through a node
//! whose rules look at the text, unchecked: an `anyOf` beside the rules' node refers to one
//! shared definition at the root of the schema, a `pattern` of those strings. A maximum length
//! refers to a wider class, every character NFC could change in some string, and the characters
//! that join a neighbour into one grapheme cluster (so that a string without any of them has as
//! many clusters as characters).
//!
//! The patterns are computed at build time (`codegen/build.rs`, with `nfc_classes.rs`) from the
//! tables of `unicode-normalization` and `unicode-segmentation` (the crates the runtime
//! normalises and counts with). Characters above
//! U+FFFF are all in both classes (`[^\u0000-\uD7FF\uE000-\uFFFF]`): writing them one by one
//! needs `\u{…}`, which an ECMA-262 engine without the `u` flag reads otherwise. That form
//! matches an astral character in every engine the schema is written for: a code-point engine
//! (ECMA with `u`, Rust, Python) sees a character outside the BMP, an ECMA engine without `u` a
//! surrogate code unit of it.

use std::sync::OnceLock;

pub(crate) use super::nfc_classes::nfc_changeable;
use super::nfc_classes::{changes_after, changes_alone, joins_cluster};
use super::translate::Rules;

// `NFC_PATTERN`, `LENGTH_CLASS` (patterns), `ASCII_IMAGES` and `INERT_ASCII`, written by the
// build script.
include!(concat!(env!("OUT_DIR"), "/nfc_classes.rs"));
use crate::json_text::Json;

/// Which strings a node lets through unchecked, from the fewest to the most.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Escape {
    /// ASCII strings with a character whose NFC form is ASCII ([`SINGLETONS`]): for rules that
    /// accept nothing but ASCII text (see [`needed`]).
    Singleton,
    /// Strings NFC could change: for rules on the text (allowed values, patterns).
    Nfc,
    /// Those, and strings with fewer grapheme clusters than characters: for a maximum length.
    Length,
}

/// Every escape, in the order of [`Escape::index`].
pub(crate) const ESCAPES: [Escape; 3] = [Escape::Nfc, Escape::Length, Escape::Singleton];

/// The characters whose NFC form is ASCII (U+037E GREEK QUESTION MARK is `;`, U+1FEF GREEK
/// VARIA is `` ` ``, U+212A KELVIN SIGN is `K`); the tests check there are no others.
pub(crate) const SINGLETONS: [char; 3] = ['\u{37E}', '\u{1FEF}', '\u{212A}'];

/// Text of ASCII and [`SINGLETONS`] holding at least one of them.
const SINGLETON_PATTERN: &str = "^[\\u0000-\\u007F\\u037E\\u1FEF\\u212A]*[\\u037E\\u1FEF\\u212A][\\u0000-\\u007F\\u037E\\u1FEF\\u212A]*$";

impl Escape {
    pub(crate) fn index(self) -> usize {
        match self {
            Escape::Nfc => 0,
            Escape::Length => 1,
            Escape::Singleton => 2,
        }
    }

    /// The name of the root definition.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Escape::Singleton => "nfc-singleton-string",
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
            Escape::Singleton => SINGLETON_PATTERN,
            Escape::Nfc => NFC_PATTERN,
            Escape::Length => LENGTH_CLASS,
        }
    }

    /// Whether the escape lets `s` through.
    pub(crate) fn holds(self, s: &str) -> bool {
        match self {
            Escape::Singleton => {
                s.chars().all(|c| c.is_ascii() || SINGLETONS.contains(&c))
                    && s.chars().any(|c| SINGLETONS.contains(&c))
            }
            Escape::Nfc => nfc_could_change(s),
            Escape::Length => s.chars().any(|c| {
                c == '\r'
                    || (!c.is_ascii() && (c > '\u{FFFF}' || nfc_changeable(c) || joins_cluster(c)))
            }),
        }
    }
}

/// Whether `NFC_PATTERN` matches `s`: a character NFC always changes or one beyond U+FFFF, or a
/// pair NFC could reorder or compose (see [`super::nfc_classes::nfc_pattern`]).
fn nfc_could_change(s: &str) -> bool {
    static BEFORE: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    let mut before: Option<char> = None;
    for c in s.chars() {
        if !c.is_ascii() && (c > '\u{FFFF}' || changes_alone(c)) {
            return true;
        }
        if let Some(b) = before.filter(|_| changes_after(c)) {
            let pair = if b.is_ascii() {
                super::nfc_classes::composes_after_ascii(b, c)
            } else {
                super::nfc_classes::in_ranges(
                    b,
                    BEFORE.get_or_init(super::nfc_classes::changes_before_ranges),
                )
            };
            if pair {
                return true;
            }
        }
        before = Some(c);
    }
    false
}

/// The escape a string node with `rules` needs: `Length` for a maximum length (Terraform counts
/// the grapheme clusters of NFC text, never more than the characters given); for allowed values
/// and for patterns and forbidden patterns, the escape of each ([`value_escape`],
/// [`pattern_escape`]); `None` for rules NFC cannot turn: values that must not be given (a
/// string equal to one is its NFC form, since literals are), a minimum length (NFC text has no
/// more clusters than the text characters).
pub(crate) fn needed(rules: &Rules) -> Option<Escape> {
    own_escapes(rules)
        .into_iter()
        .chain(rules.any_of.iter().flatten().filter_map(needed))
        .max()
}

/// The escapes the keywords of `rules` itself need (not its alternatives).
fn own_escapes(rules: &Rules) -> Vec<Escape> {
    // (A maximum length of an untyped value that must be an object counts its attributes.)
    let length = (rules.max_length.is_some() && !rules.object_only).then_some(Escape::Length);
    rules
        .patterns
        .iter()
        .chain(&rules.forbidden_patterns)
        .filter_map(|p| pattern_escape(p))
        .chain(rules.allowed.iter().flatten().filter_map(value_escape))
        .chain(length)
        .collect()
}

/// The escape a pattern (required or forbidden) needs: none where every string holding a
/// match is ASCII without `K`, `;` and `` ` `` (such text is the NFC form of itself alone, and
/// a string NFC changes keeps a character outside it, so neither matches), or where the text
/// of every match is of [`INERT_ASCII`] (see [`matches_only_inert_text`]); `Singleton` where
/// every such string is ASCII (a string whose NFC form is ASCII is ASCII and [`SINGLETONS`]);
/// `Nfc` otherwise.
pub(crate) fn pattern_escape(pattern: &str) -> Option<Escape> {
    if matches_only_unreachable(pattern) || matches_only_inert_text(pattern) {
        None
    } else if matches_only_ascii(pattern) {
        Some(Escape::Singleton)
    } else {
        Some(Escape::Nfc)
    }
}

/// The escape an allowed value needs: none for a string no other string has as its NFC form
/// (and for other values), `Singleton` for an ASCII string with `K`, `;` or `` ` ``, `Nfc` for
/// any other string.
fn value_escape(v: &tfvars_runtime::Value) -> Option<Escape> {
    match v {
        tfvars_runtime::Value::String(s) if s.is_ascii() && reachable(s) => Some(Escape::Singleton),
        tfvars_runtime::Value::String(s) if reachable(s) => Some(Escape::Nfc),
        _ => None,
    }
}

/// `rules` as parts that each need one escape (or none), to be written as `allOf`, each part
/// with its escape: a string NFC could change then skips only the keywords it could fool. The
/// part without an escape keeps the keywords NFC cannot turn; a part with nothing to say is
/// left out.
pub(crate) fn parts(rules: &Rules) -> Vec<(Option<Escape>, Rules)> {
    let mut bare = rules.clone();
    bare.allowed = None;
    bare.patterns.clear();
    bare.forbidden_patterns.clear();
    bare.max_length = None;
    bare.any_of.clear();
    let empty = Rules {
        null_ok: rules.null_ok,
        string_length: rules.string_length,
        ..Rules::default()
    };
    let mut parts: Vec<(Option<Escape>, Rules)> = vec![(None, bare)];
    fn part(
        parts: &mut Vec<(Option<Escape>, Rules)>,
        empty: &Rules,
        escape: Option<Escape>,
    ) -> usize {
        parts
            .iter()
            .position(|(e, _)| *e == escape)
            .unwrap_or_else(|| {
                parts.push((escape, empty.clone()));
                parts.len() - 1
            })
    }
    if let Some(values) = &rules.allowed {
        let i = part(
            &mut parts,
            &empty,
            values.iter().filter_map(value_escape).max(),
        );
        parts[i].1.allowed = Some(values.clone());
    }
    for p in &rules.patterns {
        let i = part(&mut parts, &empty, pattern_escape(p));
        parts[i].1.patterns.push(p.clone());
    }
    for p in &rules.forbidden_patterns {
        let i = part(&mut parts, &empty, pattern_escape(p));
        parts[i].1.forbidden_patterns.push(p.clone());
    }
    if let Some(max) = rules.max_length {
        let i = part(
            &mut parts,
            &empty,
            (!rules.object_only).then_some(Escape::Length),
        );
        parts[i].1.max_length = Some(max);
    }
    for group in &rules.any_of {
        let i = part(&mut parts, &empty, group.iter().filter_map(needed).max());
        parts[i].1.any_of.push(group.clone());
    }
    if parts.len() > 1 && parts[0].1.is_empty() {
        parts.remove(0);
    }
    parts
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

/// Whether every text `pattern` matches (the match itself, not the string around it) is of
/// [`INERT_ASCII`] characters, read from its syntax tree: `--`, `^[0-9]+:`, `\.q$`. Such a
/// pattern matches a string exactly where it matches the string's NFC form: NFC leaves those
/// characters and their order as they are (none composes with what follows it, none is the NFC
/// form of another character, and NFC moves only marks, which cannot sit between the
/// characters of a match), and the characters beside a match, which anchors and `\b` look at,
/// keep their kind (the one before a match composes with nothing inside it).
pub(crate) fn matches_only_inert_text(pattern: &str) -> bool {
    use regex_syntax::hir::{Class, Hir, HirKind};
    fn inert(c: u32) -> bool {
        char::from_u32(c).is_some_and(|c| INERT_ASCII.contains(&c))
    }
    fn all_inert(hir: &Hir) -> bool {
        match hir.kind() {
            HirKind::Empty | HirKind::Look(_) => true,
            HirKind::Literal(l) => l.0.iter().all(|b| inert(u32::from(*b))),
            HirKind::Class(Class::Bytes(c)) => c
                .iter()
                .all(|r| (u32::from(r.start())..=u32::from(r.end())).all(inert)),
            HirKind::Class(Class::Unicode(c)) => c
                .iter()
                .all(|r| (r.start()..=r.end()).all(|c| inert(u32::from(c)))),
            HirKind::Repetition(r) => all_inert(&r.sub),
            HirKind::Capture(c) => all_inert(&c.sub),
            HirKind::Concat(hs) | HirKind::Alternation(hs) => hs.iter().all(all_inert),
        }
    }
    regex_syntax::ParserBuilder::new()
        .unicode(false)
        .utf8(false)
        .build()
        .parse(pattern)
        .is_ok_and(|hir| all_inert(&hir))
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

/// Whether every string holding a match of `pattern` is ASCII; false when that cannot be told.
/// Computed once per pattern and process.
pub(crate) fn matches_only_ascii(pattern: &str) -> bool {
    let key = format!("ascii\u{0}{pattern}");
    if let Some(known) = pattern_answers()
        .lock()
        .ok()
        .and_then(|a| a.get(&key).copied())
    {
        return known;
    }
    let answer = search_special(pattern, |b| b >= 0x80) == Some(false);
    if let Ok(mut answers) = pattern_answers().lock() {
        answers.insert(key, answer);
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
    search_special(pattern, |b| {
        b >= 0x80 || ascii_images().contains(&char::from(b))
    })
}

/// Whether some byte string with a byte `special` holds contains a match of `pattern` (see
/// [`search_reachable`]).
fn search_special(pattern: &str, special: impl Fn(u8) -> bool) -> Option<bool> {
    use regex_automata::hybrid::dfa::DFA;
    use regex_automata::util::start::Config;
    use regex_automata::Anchored;
    const BUDGET: usize = 20_000;
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
    fn the_written_patterns_are_those_of_the_tables() {
        use super::super::nfc_classes::{ascii_images_in, class, nfc_pattern};
        assert_eq!(NFC_PATTERN, nfc_pattern());
        assert_eq!(
            LENGTH_CLASS,
            class(|c| nfc_changeable(c) || joins_cluster(c))
        );
        assert_eq!(ASCII_IMAGES, ascii_images_in(0x80..=0x10FFFF));
    }

    #[test]
    fn the_patterns_compile_and_match() {
        for escape in [Escape::Nfc, Escape::Length] {
            let re = regex::Regex::new(escape.pattern()).expect("compiles");
            for s in [
                "e\u{301}",
                "\u{212A}",
                "\u{37E}",
                "a\u{301}",
                "public\u{301}",
                "x\u{323}\u{302}",
                "\u{E0}\u{323}",
                "\u{1100}\u{1161}",
                "<\u{338}",
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
        // NFC leaves a mark where nothing composes with it: Unicode has no `d` with an acute.
        let nfc = regex::Regex::new(Escape::Nfc.pattern()).expect("compiles");
        for s in [
            "\u{301}",
            "d\u{301}",
            "key_id\u{301}",
            "-\u{301}",
            "crn:\u{301}",
        ] {
            assert!(!nfc.is_match(s), "{s:?}");
            assert!(!Escape::Nfc.holds(s), "{s:?}");
            assert!(Escape::Length.holds(s), "{s:?}");
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

    /// Checks a string against the escapes: one the NFC escape does not let through is its own
    /// NFC form, one the length escape does not let through also has a cluster per character,
    /// and the written NFC pattern agrees with `holds` (on the strings `compare` picks).
    fn check_escapes(s: &str, nfc: &regex::Regex, compare: bool) -> bool {
        use unicode_normalization::UnicodeNormalization;
        use unicode_segmentation::UnicodeSegmentation;
        let held = Escape::Nfc.holds(s);
        // Rust's `regex` reads `[^\u0000-\uD7FF\uE000-\uFFFF]` as also holding the two
        // characters beside the surrogates; ECMA-262 and Python do not.
        if compare && !s.contains(['\u{D7FF}', '\u{E000}']) {
            assert_eq!(nfc.is_match(s), held, "{s:?}");
        }
        if !held {
            assert_eq!(s.nfc().collect::<String>(), s, "{s:?}");
        }
        if !Escape::Length.holds(s) {
            let nfc: String = s.nfc().collect();
            assert_eq!(nfc.graphemes(true).count(), s.chars().count(), "{s:?}");
        }
        !held
    }

    #[test]
    fn a_string_the_escapes_do_not_let_through_is_its_nfc_form() {
        let nfc = regex::Regex::new(Escape::Nfc.pattern()).expect("compiles");
        let mut checked = 0;
        // Every character of the BMP alone, after and before letters, marks and jamo that
        // compose, and twice.
        let before = ["a", "d", "<", "\u{E0}", "\u{301}", "\u{1100}", "\u{AC00}"];
        let after = [
            "a", "\u{301}", "\u{323}", "\u{338}", "\u{1161}", "\u{11A8}", "\u{B3E}",
        ];
        for c in (0..=0xFFFFu32).filter_map(char::from_u32) {
            let compare = u32::from(c) % 7 == 0;
            let mut strings = vec![format!("{c}"), format!("{c}{c}")];
            strings.extend(before.iter().map(|b| format!("{b}{c}")));
            strings.extend(after.iter().map(|a| format!("{c}{a}")));
            for s in strings {
                checked += usize::from(check_escapes(&s, &nfc, compare));
            }
        }
        assert!(checked > 700_000, "{checked}");
        // Random strings of three over the characters NFC may change or compose onto.
        let starts = super::super::nfc_classes::decomposition_starts();
        let alphabet: Vec<char> = (0..=0xFFFFu32)
            .filter_map(char::from_u32)
            .filter(|c| c.is_ascii_alphabetic() || changes_after(*c) || starts.contains(c))
            .collect();
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut pick = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            alphabet[(state >> 33) as usize % alphabet.len()]
        };
        for i in 0..200_000 {
            let s: String = [pick(), pick(), pick()].into_iter().collect();
            check_escapes(&s, &nfc, i % 16 == 0);
        }
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
    fn the_singletons_are_the_characters_whose_decomposition_is_ascii() {
        use unicode_normalization::UnicodeNormalization;
        for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
            let ascii = std::iter::once(c).nfd().all(|d| d.is_ascii());
            assert_eq!(ascii, SINGLETONS.contains(&c), "{c:?}");
        }
        let re = regex::Regex::new(Escape::Singleton.pattern()).expect("compiles");
        for (s, escaped) in [
            ("\u{212A}", true),
            ("ab\u{37E}c\u{1FEF}", true),
            ("K", false),
            ("", false),
            ("\u{212A}\u{301}", false),
            ("e\u{301}", false),
        ] {
            assert_eq!(re.is_match(s), escaped, "{s:?}");
            assert_eq!(Escape::Singleton.holds(s), escaped, "{s:?}");
        }
    }

    #[test]
    fn each_keyword_gets_the_escape_it_needs() {
        assert_eq!(pattern_escape("^[a-z0-9-]+$"), None);
        assert_eq!(
            pattern_escape("^[a-zA-Z0-9-_]{1,60}$"),
            Some(Escape::Singleton)
        );
        assert_eq!(
            pattern_escape("^([A-z]|[a-z][-a-z0-9]*[a-z0-9])$"),
            Some(Escape::Singleton)
        );
        assert_eq!(pattern_escape("^[^#]+$"), Some(Escape::Nfc));
        assert_eq!(pattern_escape("public|private"), Some(Escape::Nfc));
        // Matches of digits and punctuation NFC leaves, wherever they are.
        assert_eq!(pattern_escape("--"), None);
        assert_eq!(pattern_escape("^[0-9]+:"), None);
        assert_eq!(pattern_escape("\\bq\\.$"), None);
        assert_eq!(pattern_escape("-[a-z]"), Some(Escape::Nfc));
        assert_eq!(pattern_escape("^.*--"), Some(Escape::Nfc));
        assert_eq!(
            pattern_escape("<"),
            Some(Escape::Nfc),
            "`<` composes with U+0338"
        );
        let rules = Rules {
            patterns: vec!["^[a-z][a-z0-9-]*$".into(), "^[A-Z]+$".into()],
            max_length: Some(28),
            min_length: Some(3),
            ..Rules::default()
        };
        let split = parts(&rules);
        let escapes: Vec<Option<Escape>> = split.iter().map(|(e, _)| *e).collect();
        assert_eq!(
            escapes,
            [None, Some(Escape::Singleton), Some(Escape::Length)]
        );
        assert_eq!(split[0].1.patterns, ["^[a-z][a-z0-9-]*$"]);
        assert_eq!(split[0].1.min_length, Some(3));
        assert_eq!(split[1].1.patterns, ["^[A-Z]+$"]);
        assert_eq!(split[2].1.max_length, Some(28));
        // Allowed values: ASCII with `K` needs the singleton escape only.
        let rules = Rules {
            allowed: Some(vec![tfvars_runtime::Value::string("DUAL_STACK")]),
            ..Rules::default()
        };
        assert_eq!(needed(&rules), Some(Escape::Singleton));
        assert_eq!(parts(&rules).len(), 1);
    }

    #[test]
    fn inert_characters_compose_with_nothing_and_come_from_nothing() {
        use super::super::nfc_classes::inert_ascii;
        use unicode_normalization::UnicodeNormalization;
        assert_eq!(INERT_ASCII, inert_ascii(ASCII_IMAGES));
        for a in INERT_ASCII {
            assert!(!reachable(&a.to_string()), "{a:?}");
            for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
                assert!(
                    unicode_normalization::char::compose(*a, c).is_none(),
                    "{a:?} {c:?}"
                );
            }
        }
        // Strings where NFC changes a neighbour keep the matches of an inert pattern.
        let dashes = regex::Regex::new("--").expect("compiles");
        for s in ["a\u{301}--", "--\u{301}", "-\u{301}-", "\u{212B}--e\u{301}"] {
            let nfc: String = s.nfc().collect();
            assert_eq!(dashes.is_match(s), dashes.is_match(&nfc), "{s:?}");
        }
    }

    #[test]
    fn ascii_reached_only_through_singletons() {
        assert_eq!(ascii_images(), ['\u{3B}', '\u{4B}', '\u{60}']);
        assert!(reachable("K") && reachable(";") && reachable("`") && reachable("\u{E9}"));
        assert!(!reachable("abc") && !reachable("prod-1") && !reachable(""));
    }
}
