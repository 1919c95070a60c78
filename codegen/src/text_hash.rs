//! A hasher for the renderer's tables of texts (doc texts, struct bodies, type names) and the
//! loader's tables of names and default texts: keys of one expansion, made from the user's own
//! module, so a hash that resists chosen collisions (std's SipHash) buys nothing there and
//! costs several times more per byte.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A [`HashMap`] with [`TextHasher`].
pub type TextMap<K, V> = HashMap<K, V, BuildHasherDefault<TextHasher>>;

/// A [`HashSet`] with [`TextHasher`].
pub type TextSet<K> = HashSet<K, BuildHasherDefault<TextHasher>>;

/// Eight bytes at a time: each word is mixed in with a rotation, an exclusive or and a
/// multiplication by an odd constant; `finish` folds the high bits down, which a table's
/// bucket index (the low bits) would otherwise miss.
#[derive(Default, Clone, Copy)]
pub struct TextHasher {
    state: u64,
}

/// An odd constant with bits spread over the whole word (from the golden ratio).
const K: u64 = 0x9e37_79b9_7f4a_7c15;

impl TextHasher {
    fn mix(&mut self, word: u64) {
        self.state = (self.state.rotate_left(26) ^ word).wrapping_mul(K);
    }
}

impl Hasher for TextHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.mix(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            // The length in the top byte keeps `ab` and `ab\0` apart.
            self.mix(u64::from_le_bytes(last) ^ ((rest.len() as u64) << 56));
        }
    }

    fn write_u8(&mut self, b: u8) {
        self.mix(u64::from(b));
    }

    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }

    fn finish(&self) -> u64 {
        self.state ^ (self.state >> 29)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    fn hash(s: &str) -> u64 {
        BuildHasherDefault::<TextHasher>::default().hash_one(s)
    }

    #[test]
    fn close_texts_hash_apart() {
        let texts = [
            "",
            "a",
            "a\0",
            "ab",
            "ba",
            "abcdefgh",
            "abcdefgh\0",
            "abcdefghi",
        ];
        let mut hashes: Vec<u64> = texts.iter().map(|t| hash(t)).collect();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), texts.len());
        // Names that differ in one digit land in different buckets of a small table.
        let buckets: HashSet<u64> = (0..100)
            .map(|i| hash(&format!("var_{i:03}")) & 63)
            .collect();
        assert!(buckets.len() > 40, "{}", buckets.len());
    }

    #[test]
    fn tables_find_what_was_put_in() {
        let mut m: TextMap<String, usize> = TextMap::default();
        for i in 0..1000 {
            m.insert(format!("key {i}"), i);
        }
        assert!((0..1000).all(|i| m[&format!("key {i}")] == i));
    }
}
