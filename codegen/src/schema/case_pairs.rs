//! Terraform's `lower` and `upper` on one character (Go's `unicode.ToLower`/`ToUpper`: one
//! character to one character), for the table of characters they change that the build script
//! (`codegen/build.rs`) writes into the crate. The crate's tests hold these to the runtime's
//! functions on every character.
#![allow(dead_code)] // Each of the build script and the crate uses part of it.

/// `lower` on one character.
pub fn simple_lower(c: char) -> char {
    if c == '\u{130}' {
        return 'i';
    }
    single(c.to_lowercase()).unwrap_or(c)
}

/// `upper` on one character.
pub fn simple_upper(c: char) -> char {
    single(c.to_uppercase()).unwrap_or(c)
}

fn single(mut chars: impl Iterator<Item = char>) -> Option<char> {
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// Every character `map` changes, with what it becomes.
pub fn changed_by(map: fn(char) -> char) -> Vec<(char, char)> {
    (0..=0x10FFFF)
        .filter_map(char::from_u32)
        .filter_map(|c| Some((c, map(c))).filter(|(c, m)| c != m))
        .collect()
}
