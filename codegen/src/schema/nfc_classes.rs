//! The character classes of [`super::nfc`], computed from the tables of `unicode-normalization`
//! and `unicode-segmentation`. The build script (`codegen/build.rs`) includes this file and writes
//! the classes into the crate; the crate's tests compute them again with it.
#![allow(dead_code)] // Each of the build script and the crate uses part of it.

use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{is_nfc_quick, IsNormalized};
use unicode_segmentation::UnicodeSegmentation;

/// Whether NFC could change a string holding `c`: its NFC quick check is not "yes", or it has
/// a non-zero canonical combining class (marks NFC may reorder or compose). A string with no such
/// character is in NFC.
pub fn nfc_changeable(c: char) -> bool {
    canonical_combining_class(c) != 0 || is_nfc_quick(std::iter::once(c)) != IsNormalized::Yes
}

/// Whether `c` can be in one grapheme cluster with a neighbour: an extending or spacing mark or
/// ZWJ after a letter, a prepended character before one, a Hangul leading jamo before another,
/// a vowel or trailing jamo after a vowel, CR before LF. (A Hangul syllable joins only a jamo,
/// which is in the class.)
pub fn joins_cluster(c: char) -> bool {
    // Between a Hangul vowel jamo and a leading one, `c` joins the vowel if it is a vowel or
    // trailing jamo, an extending or spacing mark or ZWJ, and the leading jamo if it is a
    // leading jamo or prepended; before LF, only CR joins.
    let mut buf = [0u8; 12];
    let mut len = 0;
    for part in ['\u{1161}', c, '\u{1100}'] {
        len += part.encode_utf8(&mut buf[len..]).len();
    }
    let around = std::str::from_utf8(&buf[..len]).unwrap_or("");
    if around.graphemes(true).nth(2).is_none() {
        return true;
    }
    let mut buf = [0u8; 5];
    let n = c.encode_utf8(&mut buf).len();
    buf[n] = b'\n';
    std::str::from_utf8(&buf[..=n]).is_ok_and(|s| s.graphemes(true).nth(1).is_none())
}

/// `[…]|[^\u0000-\uD7FF\uE000-\uFFFF]`: the characters of the BMP for which `holds` is true, as
/// ranges of `\uXXXX` escapes, or any character beyond it.
pub fn class(holds: impl Fn(char) -> bool) -> String {
    let mut out = bmp_class(holds);
    out.push('|');
    out.push_str(ASTRAL);
    out
}

/// Any character beyond U+FFFF (see [`super::nfc`]).
const ASTRAL: &str = "[^\\u0000-\\uD7FF\\uE000-\\uFFFF]";

/// `[…]`: the characters of the BMP for which `holds` is true, as ranges of `\uXXXX` escapes.
fn bmp_class(holds: impl Fn(char) -> bool) -> String {
    class_of(&bmp_ranges(holds, 0))
}

/// The ranges of the characters of the BMP for which `holds` is true, with the gaps of at most
/// `gap` characters between them filled (a wider class written in fewer ranges).
fn bmp_ranges(holds: impl Fn(char) -> bool, gap: u32) -> Vec<(u32, u32)> {
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for c in (0..=0xFFFFu32).filter_map(char::from_u32) {
        if !holds(c) {
            continue;
        }
        let c = c as u32;
        match ranges.last_mut() {
            // The surrogates are no characters: a range may run across them.
            Some((_, hi)) if c - *hi <= gap + 1 || (*hi == 0xD7FF && c == 0xE000) => *hi = c,
            _ => ranges.push((c, c)),
        }
    }
    ranges
}

/// `[…]` of `ranges`.
fn class_of(ranges: &[(u32, u32)]) -> String {
    let mut out = String::from("[");
    for &(lo, hi) in ranges {
        // A range that runs across the surrogates is split there: Rust's `regex` refuses a
        // surrogate escape.
        let parts: &[(u32, u32)] = if lo <= 0xD7FF && hi >= 0xE000 {
            &[(lo, 0xD7FF), (0xE000, hi)]
        } else {
            &[(lo, hi)]
        };
        for &(lo, hi) in parts {
            out.push_str(&format!("\\u{lo:04X}"));
            if hi > lo {
                out.push_str(&format!("-\\u{hi:04X}"));
            }
        }
    }
    out.push(']');
    out
}

/// Whether NFC changes every string holding `c`: its NFC quick check is "no".
pub fn changes_alone(c: char) -> bool {
    is_nfc_quick(std::iter::once(c)) == IsNormalized::No
}

/// Whether NFC may change `c` depending on the character before it: a mark with a non-zero
/// canonical combining class (which NFC may reorder, or compose with a letter before it), or a
/// character whose NFC quick check is "maybe" (the second of a pair NFC composes).
pub fn changes_after(c: char) -> bool {
    canonical_combining_class(c) != 0 || is_nfc_quick(std::iter::once(c)) == IsNormalized::Maybe
}

/// The characters that begin the canonical decomposition of another character: the first of
/// each pair NFC composes, where that character does not decompose itself.
pub fn decomposition_starts() -> std::collections::HashSet<char> {
    let mut starts = std::collections::HashSet::new();
    for p in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let mut first = None;
        unicode_normalization::char::decompose_canonical(p, |d| {
            first.get_or_insert(d);
        });
        if let Some(d) = first.filter(|d| *d != p) {
            starts.insert(d);
        }
    }
    starts
}

/// The characters beyond ASCII that may change with a character of [`changes_after`] after
/// them, as ranges of code points: marks, characters that decompose, and those that begin
/// another's decomposition ([`decomposition_starts`]). The gaps of up to 32 characters between
/// ranges are filled, which halves the pattern and lets a few more pairs through unchecked.
pub fn changes_before_ranges() -> Vec<(u32, u32)> {
    let starts = decomposition_starts();
    let decomposes = |c: char| {
        let mut same = true;
        unicode_normalization::char::decompose_canonical(c, |d| same &= d == c);
        !same
    };
    bmp_ranges(
        |c| {
            !c.is_ascii()
                && (canonical_combining_class(c) != 0 || starts.contains(&c) || decomposes(c))
        },
        32,
    )
}

/// Whether `c` is in `ranges` (sorted, from [`changes_before_ranges`]).
pub fn in_ranges(c: char, ranges: &[(u32, u32)]) -> bool {
    let c = u32::from(c);
    let i = ranges.partition_point(|&(_, hi)| hi < c);
    ranges.get(i).is_some_and(|&(lo, _)| lo <= c)
}

/// The ASCII characters NFC leaves as they are whatever surrounds them: none composes with a
/// mark after it (`e` does, `q` does not), and none is the NFC form of another character (`K`
/// of U+212A, `;`, `` ` ``: `images`, from [`ascii_images_in`]): digits, most punctuation, `Q`
/// and `q`.
pub fn inert_ascii(images: &[char]) -> Vec<char> {
    let marks: Vec<char> = (0x80..=0xFFFFu32)
        .filter_map(char::from_u32)
        .filter(|c| changes_after(*c))
        .collect();
    (0..0x80u8)
        .map(char::from)
        .filter(|a| !images.contains(a) && !marks.iter().any(|m| composes_after_ascii(*a, *m)))
        .collect()
}

/// Whether NFC composes the ASCII character `a` with `c` after it.
pub fn composes_after_ascii(a: char, c: char) -> bool {
    unicode_normalization::char::compose(a, c).is_some()
}

/// A pattern for the strings NFC could change: a character of [`changes_alone`]; a character
/// beyond ASCII of [`changes_before_ranges`] followed by one of [`changes_after`]; an ASCII letter
/// followed by a mark NFC composes it with (`e` then U+0301, but not `d` then U+0301, for which
/// Unicode has no composed character); or a character beyond U+FFFF. A string without such a
/// match is its own NFC form: NFC leaves each character that the quick check does not refuse,
/// unless it is reordered with or composed onto the character before it, which the pairs cover.
pub fn nfc_pattern() -> String {
    let mut alternatives = vec![
        bmp_class(changes_alone),
        format!(
            "{}{}",
            class_of(&changes_before_ranges()),
            bmp_class(changes_after)
        ),
    ];
    // The marks after ASCII letters, grouped by the letters they compose with.
    let mut groups: Vec<(Vec<char>, Vec<char>)> = Vec::new();
    for m in (0x80..=0xFFFFu32)
        .filter_map(char::from_u32)
        .filter(|c| changes_after(*c))
    {
        let letters: Vec<char> = (0..0x80u8)
            .map(char::from)
            .filter(|a| composes_after_ascii(*a, m))
            .collect();
        if letters.is_empty() {
            continue;
        }
        match groups.iter_mut().find(|(l, _)| *l == letters) {
            Some((_, marks)) => marks.push(m),
            None => groups.push((letters, vec![m])),
        }
    }
    for (letters, marks) in groups {
        alternatives.push(format!(
            "{}{}",
            bmp_class(|c| letters.contains(&c)),
            bmp_class(|c| marks.contains(&c))
        ));
    }
    alternatives.push(ASTRAL.to_string());
    alternatives.join("|")
}

/// The ASCII characters of the NFC forms of the changeable characters of `range`.
pub fn ascii_images_in(range: std::ops::RangeInclusive<u32>) -> Vec<char> {
    use unicode_normalization::UnicodeNormalization;
    let mut images: Vec<char> = range
        .filter_map(char::from_u32)
        .filter(|c| nfc_changeable(*c))
        .flat_map(|c| std::iter::once(c).nfc().filter(char::is_ascii))
        .collect();
    images.sort_unstable();
    images.dedup();
    images
}
