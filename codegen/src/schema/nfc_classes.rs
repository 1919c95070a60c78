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
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for c in (0..=0xFFFFu32).filter_map(char::from_u32) {
        if !holds(c) {
            continue;
        }
        let c = c as u32;
        match ranges.last_mut() {
            // The surrogates are no characters: a range may run across them.
            Some((_, hi)) if *hi + 1 == c || (*hi == 0xD7FF && c == 0xE000) => *hi = c,
            _ => ranges.push((c, c)),
        }
    }
    let mut out = String::from("[");
    for (lo, hi) in ranges {
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
    out.push_str("]|[^\\u0000-\\uD7FF\\uE000-\\uFFFF]");
    out
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
